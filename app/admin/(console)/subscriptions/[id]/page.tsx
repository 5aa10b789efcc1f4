import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, FullId, ShortId, Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { getConsoleSubscription } from "@/lib/console/subscriptions";
import { isRowId } from "@/lib/platform/ids/request-ids";

export const metadata: Metadata = { title: "Subscription" };

// One subscription: its state, each period with the orders of its charge tries, and its timeline.
export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, locale, t } = await consolePage();
  const { id } = await params;
  if (!isRowId(id)) notFound();
  const detail = await getConsoleSubscription(ctx.prisma, id.toLowerCase());
  if (!detail) notFound();
  const { subscription, periods, timeline } = detail;
  const product = subscription.plan.product;
  return (
    <>
      <a className="back-link" href="/admin/subscriptions">
        {locale === "ar" ? "→" : "←"} {t("subscriptions.title")}
      </a>
      <PageHead
        title={<bdi>{locale === "ar" ? product.nameArabic : product.name}</bdi>}
        sub={
          <>
            <span className="badge">{t(dynamicKey("subscriptionStatus", subscription.status))}</span>{" "}
            {subscription.cancelAtPeriodEnd ? t("subscriptions.endsAtPeriodEnd") : null}
            {subscription.cancelReason
              ? t("subscriptions.cancelReason", { reason: subscription.cancelReason })
              : null}
          </>
        }
      />
      <dl className="card facts">
        <dt>{t("subscriptions.col.subscription")}</dt>
        <dd>
          <FullId id={subscription.id} />
        </dd>
        <dt>{t("subscriptions.col.customer")}</dt>
        <dd>
          <a href={`/admin/customers/${subscription.customerId}`}>
            <ShortId id={subscription.customerId} />
          </a>
        </dd>
        <dt>{t("subscriptions.col.accessUntil")}</dt>
        <dd>
          <Time at={subscription.currentPeriodEnd} locale={locale} />
        </dd>
        <dt>{t("subscriptions.col.created")}</dt>
        <dd>
          <Time at={subscription.createdAt} locale={locale} />
        </dd>
      </dl>
      <h2>{t("subscriptions.periods")}</h2>
      <PeriodsTable periods={periods} locale={locale} t={t} />
      <h2>{t("subscriptions.timeline")}</h2>
      <TimelineTable timeline={timeline} locale={locale} t={t} />
    </>
  );
}

type Detail = NonNullable<Awaited<ReturnType<typeof getConsoleSubscription>>>;

function PeriodsTable({ periods, locale, t }: { periods: Detail["periods"]; locale: Locale; t: Translate }) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("subscriptions.col.period"), num: true },
        { label: t("subscriptions.col.status") },
        { label: t("subscriptions.col.dates") },
        { label: t("subscriptions.col.amount"), num: true },
        { label: t("subscriptions.col.nextCharge") },
        { label: t("subscriptions.col.tries") },
      ]}
    >
      {periods.map((period) => (
        <tr key={period.id}>
          <td className="num">{period.number}</td>
          <td>
            <span className="badge">{t(dynamicKey("periodStatus", period.status))}</span>
            {period.lastResultCode && period.failedTries > 0 ? (
              <div className="sub mono">
                {t("subscriptions.lastFailure", { code: period.lastResultCode })}
              </div>
            ) : null}
          </td>
          <td>
            <Time at={period.startsAt} locale={locale} /> – <Time at={period.endsAt} locale={locale} />
          </td>
          <td className="num">
            <Amount fils={period.amountFils} locale={locale} />
          </td>
          <td>
            <Time at={period.nextAttemptAt} locale={locale} />
          </td>
          <td>
            {period.tries.map((order) => (
              <div key={order.id}>
                <a href={`/admin/orders/${order.id}`}>
                  <ShortId id={order.id} />
                </a>{" "}
                <OrderStatusBadge status={order.status} t={t} />{" "}
                {order.resultCode && order.status !== "PAID" ? (
                  <span className="mono">{order.resultCode}</span>
                ) : null}
              </div>
            ))}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function TimelineTable({
  timeline,
  locale,
  t,
}: {
  timeline: Detail["timeline"];
  locale: Locale;
  t: Translate;
}) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("subscriptions.col.when") },
        { label: t("subscriptions.col.what") },
        { label: t("subscriptions.col.who"), wide: true },
      ]}
    >
      {timeline.map((event) => (
        <tr key={event.id}>
          <td>
            <Time at={event.createdAt} locale={locale} />
          </td>
          <td className="mono">{event.type}</td>
          <td className="hide-narrow mono">{event.actor}</td>
        </tr>
      ))}
    </DataTable>
  );
}
