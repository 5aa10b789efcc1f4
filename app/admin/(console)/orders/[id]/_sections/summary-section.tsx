import { dynamicKey } from "@/lib/i18n/translate";
import { OrderStatusBadge } from "../../../../_ui/badges";
import { FullId, Time } from "../../../../_ui/format";
import type { SectionProps } from "./section-props";

/** The order's facts: its ids (the wallet's and ours), times, customer and note. */
export function SummarySection({ detail: { order }, locale, t }: SectionProps) {
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
          <a href={`/admin/orders?customerId=${order.customerId}`}>
            <FullId id={order.customerId} />
          </a>
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
