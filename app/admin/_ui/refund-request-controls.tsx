"use client";
// Deciding a refund request — a refund, or an escrow cancel or void: approve (which sends it to the
// wallet) or reject, each after a dialog that restates what and how much and takes a note for the
// timeline. The requester sees only
// "withdraw"; the server refuses anyone approving their own request anyway.
import { callAdminApi } from "./admin-api";
import { useErrorText } from "./error-words";
import { FormDialog } from "./form-dialog";
import { useT } from "./i18n-client";

export function RefundRequestControls(props: {
  requestId: string;
  kind: "REFUND" | "CANCEL" | "VOID";
  /** The amount as the page shows it, e.g. "10,000 IQD". */
  amount: string;
  own: boolean;
  canApprove: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const escrow = props.kind !== "REFUND";
  const title =
    props.kind === "REFUND" ? "approvals.approveTitle" : (`approvals.approveTitle.${props.kind}` as const);
  const confirm =
    props.kind === "REFUND"
      ? "approvals.approveConfirm"
      : (`approvals.approveConfirm.${props.kind}` as const);
  const decide = (decision: "approve" | "reject") => async (form: FormData) => {
    const note = String(form.get("note") ?? "").trim();
    const answer = await callAdminApi(`/api/admin/refund-requests/${props.requestId}/${decision}`, {
      body: note ? { note } : {},
    });
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  };
  const note = (
    <label className="field">
      <span>{t("approvals.note")}</span>
      <input name="note" maxLength={256} dir="auto" autoComplete="off" />
    </label>
  );
  return (
    <div className="form-actions">
      {props.canApprove && !props.own ? (
        <FormDialog
          trigger={t("approvals.approve")}
          triggerClass="btn btn-small btn-primary"
          triggerData={`approve-${props.requestId}`}
          title={t(title, { amount: props.amount })}
          submit={decide("approve")}
          submitLabel={t(confirm, { amount: props.amount })}
        >
          <p>{t("approvals.approveExplain", { amount: props.amount })}</p>
          {note}
        </FormDialog>
      ) : null}
      {props.canApprove || props.own ? (
        <FormDialog
          trigger={props.own ? t("approvals.withdraw") : t("approvals.reject")}
          triggerClass="btn btn-small"
          triggerData={`reject-${props.requestId}`}
          title={props.own ? t("approvals.withdraw") : t("approvals.reject")}
          submit={decide("reject")}
          submitLabel={props.own ? t("approvals.withdraw") : t("approvals.reject")}
          submitClass="btn btn-danger"
        >
          <p>
            {t(escrow ? "approvals.rejectExplain.escrow" : "approvals.rejectExplain", {
              amount: props.amount,
            })}
          </p>
          {note}
        </FormDialog>
      ) : null}
    </div>
  );
}
