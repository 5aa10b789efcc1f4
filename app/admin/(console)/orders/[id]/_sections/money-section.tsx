import { Amount } from "@/app/admin/_ui/format";
import type { Locale, MessageKey } from "@/lib/console/i18n/translate";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { RefundLimitsNow } from "@/lib/payments/refunds/limit-passed";
import { jsonSafe } from "@/lib/platform/json";
import { OrderActions } from "./order-actions";
import type { SectionProps } from "./section-props";

/** A line of the sum; the total line is what can still be refunded. */
function MoneyRow({
  label,
  fils,
  locale,
  total,
}: {
  label: string;
  fils: bigint;
  locale: Locale;
  total?: boolean;
}) {
  return (
    <tr className={total ? "total" : undefined}>
      <td>{label}</td>
      <td data-testid={total ? "refundable" : undefined}>
        <Amount fils={fils} locale={locale} />
      </td>
    </tr>
  );
}

/**
 * The money as the operator checks it before acting (captured − refunded − pending = refundable;
 * held and voided for escrow), and the actions that fit the order now.
 */
export function MoneySection({
  detail,
  locale,
  t,
  operator,
  limits,
}: SectionProps & { operator: Pick<OperatorIdentity, "permissions">; limits: RefundLimitsNow | null }) {
  const { order, money, actions } = detail;
  const row = (key: MessageKey, fils: bigint, prefix = "", total = false) => (
    <MoneyRow label={`${prefix}${t(key)}`} fils={fils} locale={locale} total={total} />
  );
  return (
    <section className="card" id="money">
      <h2>{t("order.money")}</h2>
      <table className="money-table">
        <tbody>
          {row("order.money.amount", money.amountFils)}
          {row("order.money.captured", money.capturedFils)}
          {row("order.money.refunded", money.refundedFils, "− ")}
          {row("order.money.pending", money.pendingRefundFils, "− ")}
          {money.awaitingApprovalFils > 0n
            ? row("order.money.awaiting", money.awaitingApprovalFils, "− ")
            : null}
          {row("order.money.refundable", money.refundableFils, "= ", true)}
          {/* Apart from the sum: refused refunds took nothing, and are named so nobody counts them. */}
          {money.failedRefundFils > 0n ? row("order.money.failed", money.failedRefundFils) : null}
          {order.flow === "ESCROW" ? (
            <>
              {row("order.money.held", money.heldFils)}
              {row("order.money.voided", money.voidedFils)}
            </>
          ) : null}
        </tbody>
      </table>
      <h2 className="section-title" style={{ marginTop: "1rem" }}>
        {t("common.actions")}
      </h2>
      <OrderActions
        orderId={order.id}
        actions={jsonSafe(actions)}
        money={jsonSafe(money)}
        customer={detail.person?.name ?? null}
        limits={limits && jsonSafe(limits)}
        emptyText={
          operator.permissions.some(
            (permission) => permission !== "orders.read" && permission !== "orders.export",
          )
            ? t("order.noActions")
            : t("order.viewerNoActions")
        }
      />
    </section>
  );
}
