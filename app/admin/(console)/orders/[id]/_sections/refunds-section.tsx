import { RefundStatusBadge } from "@/app/admin/_ui/badges";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, Time } from "@/app/admin/_ui/format";
import { ResultCode } from "@/app/admin/_ui/result-code";
import type { SectionProps } from "./section-props";

/** The order's refunds, oldest first, with who asked and why; nothing when there are none. */
export function RefundsSection({ detail: { order }, locale, t, actorName }: SectionProps) {
  if (order.refunds.length === 0) return null;
  return (
    <section className="card" id="refunds">
      <h2>{t("order.refunds")}</h2>
      <DataTable
        cards
        columns={[
          { label: t("refunds.col.requested") },
          { label: t("refunds.col.amount"), num: true },
          { label: t("refunds.col.status") },
          { label: t("refunds.col.reason") },
          { label: t("refunds.col.by") },
        ]}
      >
        {order.refunds.map((refund) => (
          <tr key={refund.id} data-refund={refund.id}>
            <td>
              <Time at={refund.createdAt} locale={locale} />
            </td>
            <td className="num">
              <Amount fils={refund.amountFils} locale={locale} />
            </td>
            <td>
              <RefundStatusBadge status={refund.status} t={t} />
              {refund.resultCode && refund.status !== "SUCCESS" ? (
                <>
                  {" "}
                  <ResultCode code={refund.resultCode} t={t} />
                </>
              ) : null}
            </td>
            <td>
              <bdi>{refund.reason ?? "—"}</bdi>
            </td>
            <td className="muted">{actorName(refund.requestedBy) ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
