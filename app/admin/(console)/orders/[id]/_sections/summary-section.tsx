import { OrderStatusBadge } from "@/app/admin/_ui/badges";
import { FullId, Time } from "@/app/admin/_ui/format";
import { PersonChip } from "@/app/admin/_ui/person";
import { ResultCode } from "@/app/admin/_ui/result-code";
import { dynamicKey } from "@/lib/console/i18n/translate";
import type { SectionProps } from "./section-props";

/** The order's facts: its ids (the wallet's and ours), times, customer and note; why it failed, in words. */
export function SummarySection({ detail: { order, person }, locale, t }: SectionProps) {
  const failedOrUnknown = order.status === "FAILED" || order.status === "UNKNOWN";
  return (
    <section className="card">
      <h2>{t("order.summary")}</h2>
      <dl className="facts">
        <dt>{t("common.order")}</dt>
        <dd>
          <FullId id={order.id} />
        </dd>
        <dt>{t("common.status")}</dt>
        <dd>
          <OrderStatusBadge status={order.status} t={t} />
        </dd>
        {failedOrUnknown && order.resultCode ? (
          <>
            <dt>{t("order.why")}</dt>
            <dd data-testid="order-why">
              <ResultCode code={order.resultCode} t={t} />
            </dd>
          </>
        ) : null}
        <dt>{t("order.flow")}</dt>
        <dd>{t(dynamicKey("flow", order.flow))}</dd>
        <dt>{t("order.created")}</dt>
        <dd>
          <Time at={order.createdAt} locale={locale} />
        </dd>
        <dt>{t("order.paidAt")}</dt>
        <dd>
          <Time at={order.paidAt} locale={locale} />
        </dd>
        <dt>{t("order.paymentRequestId")}</dt>
        <dd>
          <FullId id={order.paymentRequestId} />
        </dd>
        <dt>{t("order.paymentId")}</dt>
        <dd>
          <FullId id={order.paymentId} />
        </dd>
        <dt>{t("order.customer")}</dt>
        <dd>
          <PersonChip customerId={order.customerId} person={person} />
        </dd>
        <dt>{t("order.walletCustomerId")}</dt>
        <dd>
          <FullId id={order.customer.walletCustomerId} />
        </dd>
        {order.note ? (
          <>
            <dt>{t("order.note")}</dt>
            <dd dir="auto">{order.note}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
