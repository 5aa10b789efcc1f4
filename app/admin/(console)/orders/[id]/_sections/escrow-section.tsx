import { OperationStatusBadge } from "@/app/admin/_ui/badges";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, Time } from "@/app/admin/_ui/format";
import { ResultCode } from "@/app/admin/_ui/result-code";
import { dynamicKey } from "@/lib/console/i18n/translate";
import type { SectionProps } from "./section-props";

/** An escrow order's operations (accept, confirm, cancel, void), oldest first; nothing when none. */
export function EscrowSection({ detail: { order }, locale, t }: SectionProps) {
  if (order.escrowOperations.length === 0) return null;
  return (
    <section className="card" id="escrow-operations">
      <h2>{t("order.escrowOperations")}</h2>
      <DataTable
        cards
        columns={[
          { label: t("common.time") },
          { label: t("common.actions") },
          { label: t("common.amount"), num: true },
          { label: t("common.status") },
        ]}
      >
        {order.escrowOperations.map((operation) => (
          <tr key={operation.id}>
            <td>
              <Time at={operation.createdAt} locale={locale} />
            </td>
            <td>{t(dynamicKey("operationType", operation.type))}</td>
            <td className="num">
              {operation.amountFils === null ? "—" : <Amount fils={operation.amountFils} locale={locale} />}
            </td>
            <td>
              <OperationStatusBadge status={operation.status} t={t} />
              {operation.resultCode && operation.status !== "SUCCESS" ? (
                <>
                  {" "}
                  <ResultCode code={operation.resultCode} t={t} />
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
