"use client";
// Deciding a refund request — a refund, or an escrow cancel or void: approve (which sends it to the
// wallet) or reject, each after a dialog that restates what, how much and to whom, and takes a note
// for the timeline. After "Approve and refund" the dialog stays open with the wallet's answer,
// followed until it is final; closing it refreshes the page, where the decision shows under
// "Decided by you lately". The requester sees only "withdraw"; the server refuses anyone approving
// their own request anyway.
import { useRouter } from "next/navigation";
import { type FormEvent, useId, useRef, useState } from "react";
import type { ApprovedRefundRequestJson } from "@/lib/http/contract/admin/refund-requests";
import { consoleApi, sent } from "./console-api";
import { useErrorText } from "./error-words";
import { type Followed, isFinal, useFollowToFinal } from "./follow-to-final";
import { FormDialog } from "./form-dialog";
import { useLocale, useT } from "./i18n-client";
import { describeFollowed, type Moved } from "./order-action-result";
import { useHydrated } from "./use-hydrated";

interface ControlsProps {
  requestId: string;
  kind: "REFUND" | "CANCEL" | "VOID";
  orderId: string;
  /** The amount as the page shows it, e.g. "10,000 IQD". */
  amount: string;
  /** The customer's name, for operators allowed to see it; otherwise "the customer". */
  customer: string | null;
  own: boolean;
  canApprove: boolean;
}

function NoteField() {
  const t = useT();
  return (
    <label className="field">
      <span>{t("approvals.note")}</span>
      <input name="note" maxLength={256} dir="auto" autoComplete="off" />
    </label>
  );
}

const noteOf = (form: FormData) => {
  const note = String(form.get("note") ?? "").trim();
  return note ? { note } : {};
};

export function RefundRequestControls(props: ControlsProps) {
  const t = useT();
  const errorText = useErrorText();
  const reject = async (form: FormData) => {
    const answer = await sent(
      consoleApi.POST("/api/admin/refund-requests/{id}/reject", {
        params: { path: { id: props.requestId } },
        body: noteOf(form),
      }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  };
  return (
    <div className="form-actions">
      {props.canApprove && !props.own ? <ApproveRefundRequest {...props} /> : null}
      {props.canApprove || props.own ? (
        <FormDialog
          trigger={props.own ? t("approvals.withdraw") : t("approvals.reject")}
          triggerClass="btn btn-small btn-danger-outline"
          triggerData={`reject-${props.requestId}`}
          title={props.own ? t("approvals.withdraw") : t("approvals.reject")}
          submit={reject}
          submitLabel={props.own ? t("approvals.withdraw") : t("approvals.reject")}
          submitClass="btn btn-danger"
        >
          <p>
            {t(props.kind === "REFUND" ? "approvals.rejectExplain" : "approvals.rejectExplain.escrow", {
              amount: props.amount,
            })}
          </p>
          <NoteField />
        </FormDialog>
      ) : null}
    </div>
  );
}

/** The approval sent: the refund or escrow operation it made, to follow until the answer is final. */
interface Sent {
  follow: Followed;
  moved: Moved;
  first: { status: string; resultCode: string | null; amountFils: string | null };
}

/** What an approval's answer sent, to follow: a refund, or a cancel's or void's escrow operation. */
function sentBy(props: ControlsProps, body: ApprovedRefundRequestJson): Sent {
  if ("refund" in body) {
    const { refund } = body;
    return {
      follow: { orderId: props.orderId, kind: "refund", id: refund.id },
      moved: { action: "refund", amountFils: BigInt(refund.amountFils) },
      first: { status: refund.status, resultCode: refund.resultCode, amountFils: String(refund.amountFils) },
    };
  }
  const { operation, request } = body;
  const amountFils = operation.amountFils === null ? null : String(operation.amountFils);
  return {
    follow: { orderId: props.orderId, kind: "operation", id: operation.id },
    // A cancel gives back what was held: the request's amount.
    moved: { action: props.kind === "VOID" ? "void" : "cancel", amountFils: BigInt(request.amountFils) },
    first: { status: operation.status, resultCode: operation.resultCode, amountFils },
  };
}

/** Sends the approval; then the wallet's answer to its refund, followed until final, in words. */
function useApproval(props: ControlsProps, customer: string) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);
  const [approved, setApproved] = useState<Sent | null>(null);
  const followed = useFollowToFinal(approved && !isFinal(approved.first) ? approved.follow : null);
  const state = followed ?? approved?.first;
  const result = state && approved ? describeFollowed(state, approved.moved, { t, locale, customer }) : null;

  async function approve(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWorking(true);
    setProblem("");
    const answer = await sent(
      consoleApi.POST("/api/admin/refund-requests/{id}/approve", {
        params: { path: { id: props.requestId } },
        body: noteOf(new FormData(event.currentTarget)),
      }),
    );
    setWorking(false);
    if (!answer.ok || !answer.body || !("request" in answer.body)) {
      setProblem(t("common.error", { message: errorText(answer) }));
      return;
    }
    setApproved(sentBy(props, answer.body));
  }

  return { approve, problem, working, sent: approved !== null, result };
}

function ApproveRefundRequest(props: ControlsProps) {
  const t = useT();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const titleId = useId();
  const customer = props.customer ?? t("action.theCustomer");
  const { approve, problem, working, sent, result } = useApproval(props, customer);

  function close() {
    dialog.current?.close();
    // Decided: the request leaves the waiting list for "Decided by you lately", with its answer.
    if (sent) router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-primary"
        data-dialog={`approve-${props.requestId}`}
        disabled={!hydrated}
        onClick={() => dialog.current?.showModal()}
      >
        {t("approvals.approve")}
      </button>
      <dialog ref={dialog} className="confirm" aria-labelledby={titleId} onClose={close}>
        <form onSubmit={approve}>
          <div className="dialog-body stack">
            <h2 id={titleId}>
              {t(
                props.kind === "REFUND" ? "approvals.approveTitle" : `approvals.approveTitle.${props.kind}`,
                {
                  amount: props.amount,
                  customer,
                },
              )}
            </h2>
            <p>{t("approvals.approveExplain", { amount: props.amount, customer })}</p>
            {sent ? null : <NoteField />}
            {problem ? (
              <p className="notice notice-bad" role="alert">
                {problem}
              </p>
            ) : null}
            {result ? (
              <p className={`notice notice-${result.tone}`} role="status" data-testid="approval-result">
                {result.text}
              </p>
            ) : null}
          </div>
          <div className="dialog-foot">
            {sent ? (
              <button type="button" className="btn btn-primary" onClick={close} data-close>
                {t("common.close")}
              </button>
            ) : (
              <>
                <button type="button" className="btn" onClick={close}>
                  {t("common.cancel")}
                </button>
                <button type="submit" className="btn btn-primary" disabled={working} data-confirm>
                  {working
                    ? t("common.loading")
                    : t(
                        props.kind === "REFUND"
                          ? "approvals.approveConfirm"
                          : `approvals.approveConfirm.${props.kind}`,
                        { amount: props.amount },
                      )}
                </button>
              </>
            )}
          </div>
        </form>
      </dialog>
    </>
  );
}
