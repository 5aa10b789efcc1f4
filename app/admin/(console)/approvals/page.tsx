import type { Metadata } from "next";
import { actorNames } from "@/lib/console/actor-names";
import { formatAmount } from "@/lib/console/i18n/format";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { pendingRefundRequests } from "@/lib/payments/refunds/refund-requests";
import { consolePage } from "../../_ui/console-page";
import { DataTable } from "../../_ui/data-table";
import { Amount, ShortId, Time } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";
import { RefundRequestControls } from "../../_ui/refund-request-controls";

export const metadata: Metadata = { title: "Approvals" };

// Refunds, escrow cancels and voids above their requester's limits, oldest first, for an operator who approves refunds: each
// with its order, who asked and why, and the decision (the requester's own show no approve button).
export default async function ApprovalsPage() {
  const { ctx, locale, t, operator } = await consolePage("refunds.approve");
  const requests = await pendingRefundRequests(ctx);
  const actorName = await actorNames(
    ctx,
    requests.map((request) => request.requestedBy),
  );
  return (
    <>
      <PageHead title={t("approvals.title")} />
      <p className="muted">{t("approvals.intro")}</p>
      {requests.length === 0 ? (
        <p className="card empty" id="no-approvals">
          {t("approvals.none")}
        </p>
      ) : (
        <DataTable
          cards
          columns={[
            { label: t("approvals.col.order") },
            { label: t("approvals.col.kind") },
            { label: t("approvals.col.amount"), num: true },
            { label: t("approvals.col.requestedBy") },
            { label: t("approvals.col.reason") },
            { label: t("approvals.col.asked"), wide: true },
            { label: t("common.actions") },
          ]}
        >
          {requests.map((request) => (
            <tr key={request.id} data-refund-request={request.id} data-kind={request.kind}>
              <td data-label={t("approvals.col.order")}>
                <a href={`/admin/orders/${request.orderId}#refund-requests`}>
                  <ShortId id={request.orderId} />
                </a>{" "}
                <span className="muted">
                  (<Amount fils={request.order.amountFils} locale={locale} />)
                </span>
              </td>
              <td data-label={t("approvals.col.kind")}>{t(dynamicKey("approvals.kind", request.kind))}</td>
              <td data-label={t("approvals.col.amount")} className="num">
                <Amount fils={request.amountFils} locale={locale} />
              </td>
              <td data-label={t("approvals.col.requestedBy")} dir="auto">
                {actorName(request.requestedBy) ?? "—"}
              </td>
              <td data-label={t("approvals.col.reason")} dir="auto">
                {request.reason ?? "—"}
              </td>
              <td data-label={t("approvals.col.asked")} className="hide-narrow">
                <Time at={request.createdAt} locale={locale} />
              </td>
              <td data-label={t("common.actions")}>
                <RefundRequestControls
                  requestId={request.id}
                  kind={request.kind}
                  amount={formatAmount(request.amountFils, locale)}
                  own={request.requestedBy === `operator:${operator.id}`}
                  canApprove
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
