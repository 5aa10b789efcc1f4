import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, Time } from "@/app/admin/_ui/format";
import { RefundRequestControls } from "@/app/admin/_ui/refund-request-controls";
import { formatAmount } from "@/lib/console/i18n/format";
import { dynamicKey } from "@/lib/console/i18n/translate";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { can } from "@/lib/operators/roles/permissions";
import type { SectionProps } from "./section-props";

/**
 * Refunds, escrow cancels and voids of this order that were above their requester's limits: what,
 * who asked, who decided and why; the waiting ones with their decision buttons. Nothing when there
 * were none.
 */
export function RefundRequestsSection({
  detail: { order, person },
  locale,
  t,
  actorName,
  operator,
}: SectionProps & { operator: Pick<OperatorIdentity, "id" | "permissions"> }) {
  if (order.refundRequests.length === 0) return null;
  const canApprove = can(operator, "refunds.approve");
  return (
    <section className="card" id="refund-requests">
      <h2>{t("approvals.onOrder")}</h2>
      <DataTable
        cards
        columns={[
          { label: t("approvals.col.asked") },
          { label: t("approvals.col.kind") },
          { label: t("approvals.col.amount"), num: true },
          { label: t("approvals.col.requestedBy") },
          { label: t("approvals.col.reason") },
          { label: t("common.actions") },
        ]}
      >
        {order.refundRequests.map((request) => {
          const status = t(dynamicKey("approvals.status", request.status));
          return (
            <tr
              key={request.id}
              data-refund-request={request.id}
              data-status={request.status}
              data-kind={request.kind}
            >
              <td data-label={t("approvals.col.asked")}>
                <Time at={request.createdAt} locale={locale} />
              </td>
              <td data-label={t("approvals.col.kind")}>{t(dynamicKey("approvals.kind", request.kind))}</td>
              <td data-label={t("approvals.col.amount")} className="num">
                <Amount fils={request.amountFils} locale={locale} />
              </td>
              <td data-label={t("approvals.col.requestedBy")}>
                <bdi>{actorName(request.requestedBy) ?? "—"}</bdi>
              </td>
              <td data-label={t("approvals.col.reason")}>
                <bdi>{request.reason ?? "—"}</bdi>
              </td>
              <td data-label={t("common.actions")}>
                {request.status === "PENDING" ? (
                  <RefundRequestControls
                    requestId={request.id}
                    kind={request.kind}
                    orderId={order.id}
                    amount={formatAmount(request.amountFils, locale)}
                    customer={person?.name ?? null}
                    own={request.requestedBy === `operator:${operator.id}`}
                    canApprove={canApprove}
                  />
                ) : (
                  <span dir="auto">
                    {t("approvals.decidedBy", { status, name: actorName(request.decidedBy) ?? "—" })}
                    {request.decisionNote ? <span className="muted"> · {request.decisionNote}</span> : null}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
