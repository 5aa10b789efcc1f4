import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderStatusBadge, PeriodStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, FullId, ShortId, Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { PersonChip } from "@/app/admin/_ui/person";
import { type ActorContext, actorWords } from "@/app/admin/_ui/record-words";
import { ResultCode } from "@/app/admin/_ui/result-code";
import { actorNames } from "@/lib/console/actor-names";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { peopleOf } from "@/lib/console/subscriptions/list-subscriptions";
import { getConsoleSubscription, isDunning } from "@/lib/console/subscriptions/subscription-detail";
import { can } from "@/lib/operators/roles/permissions";
import { isRowId } from "@/lib/platform/ids/request-ids";
import { planPeriodWords, SubscriptionBadge } from "../subscription-words";
import { PeriodActions, SubscriptionActions } from "./subscription-actions";

export const metadata: Metadata = { title: "Subscription" };

type Detail = NonNullable<Awaited<ReturnType<typeof getConsoleSubscription>>>;

// One subscription: its state and next charge, the actions that fit, each period with the orders of
// its charge tries, and its timeline.
export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, locale, t, operator } = await consolePage();
  const { id } = await params;
  if (!isRowId(id)) notFound();
  const detail = await getConsoleSubscription(ctx.prisma, id.toLowerCase(), operator);
  if (!detail) notFound();
  const { subscription, periods, timeline, actions } = detail;
  const person = can(operator, "customers.personal-data")
    ? (await peopleOf(ctx.prisma, [subscription.customerId])).get(subscription.customerId)
    : undefined;
  const actorName = await actorNames(
    ctx,
    timeline.map((event) => event.actor),
  );
  const plan = subscription.plan;
  return (
    <>
      <a className="back-link" href="/admin/subscriptions">
        {locale === "ar" ? "→" : "←"} {t("subscriptions.title")}
      </a>
      <PageHead
        title={<bdi>{locale === "ar" ? plan.nameArabic : plan.name}</bdi>}
        sub={<SubscriptionBadge subscription={subscription} t={t} />}
      />
      <Facts detail={detail} person={person} locale={locale} t={t} />
      <SubscriptionActions
        subscriptionId={subscription.id}
        actions={actions}
        accessUntil={subscription.accessUntil?.toISOString() ?? null}
      />
      <h2>{t("subscriptions.periods")}</h2>
      <PeriodsTable
        periods={periods}
        actions={actions}
        subscriptionId={subscription.id}
        locale={locale}
        t={t}
      />
      <h2>{t("subscriptions.timeline")}</h2>
      <TimelineTable
        timeline={timeline}
        who={{ t, operatorName: (actor) => actorName(actor), customerName: person?.name }}
        locale={locale}
        t={t}
      />
    </>
  );
}

function Facts({
  detail: { subscription },
  person,
  locale,
  t,
}: {
  detail: Detail;
  person: Parameters<typeof PersonChip>[0]["person"];
  locale: Locale;
  t: Translate;
}) {
  const { nextCharge } = subscription;
  return (
    <dl className="card facts">
      <dt>{t("subscriptions.nextCharge")}</dt>
      <dd data-next-charge={nextCharge ? nextCharge.amountFils.toString() : ""}>
        {nextCharge ? (
          t("subscriptions.nextChargeWords", { period: String(nextCharge.period) })
        ) : (
          <span className="muted">{t("subscriptions.nothingDue")}</span>
        )}
        {nextCharge ? (
          <>
            {" "}
            <Amount fils={nextCharge.amountFils} locale={locale} /> ·{" "}
            <Time at={nextCharge.at} locale={locale} />
          </>
        ) : null}
      </dd>
      <dt>{t("subscriptions.col.accessUntil")}</dt>
      <dd>
        <Time at={subscription.accessUntil} locale={locale} />
      </dd>
      <dt>{t("subscriptions.col.plan")}</dt>
      <dd>
        <bdi>{subscription.plan.sku}</bdi> · {planPeriodWords(subscription.plan, t)}
      </dd>
      <dt>{t("subscriptions.col.customer")}</dt>
      <dd>
        <PersonChip customerId={subscription.customerId} person={person} />
      </dd>
      {subscription.cancelReason ? (
        <>
          <dt>{t("subscriptions.cancelledBecause")}</dt>
          <dd>
            {t(dynamicKey("subscriptions.reason", subscription.cancelReason))} ·{" "}
            <Time at={subscription.cancelledAt} locale={locale} />
          </dd>
        </>
      ) : null}
      <dt>{t("subscriptions.col.created")}</dt>
      <dd>
        <Time at={subscription.createdAt} locale={locale} />
      </dd>
      <dt>{t("subscriptions.col.subscription")}</dt>
      <dd>
        <FullId id={subscription.id} />
      </dd>
    </dl>
  );
}

function PeriodsTable({
  periods,
  actions,
  subscriptionId,
  locale,
  t,
}: {
  periods: Detail["periods"];
  actions: Detail["actions"];
  subscriptionId: string;
  locale: Locale;
  t: Translate;
}) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("subscriptions.col.period"), num: true },
        { label: t("subscriptions.col.status") },
        { label: t("subscriptions.col.dates") },
        { label: t("subscriptions.col.amount"), num: true },
        { label: t("subscriptions.col.tries") },
        { label: t("common.actions") },
      ]}
    >
      {periods.map((period) => (
        <tr key={period.id} data-period={period.number} data-status={period.status}>
          <td className="num" data-label={t("subscriptions.col.period")}>
            {period.number}
          </td>
          <td data-label={t("subscriptions.col.status")}>
            <PeriodState period={period} locale={locale} t={t} />
          </td>
          <td data-label={t("subscriptions.col.dates")}>
            <div>
              <Time at={period.startsAt} locale={locale} /> – <Time at={period.endsAt} locale={locale} />
            </div>
          </td>
          <td className="num" data-label={t("subscriptions.col.amount")}>
            <Amount fils={period.amountFils} locale={locale} />
          </td>
          <td data-label={t("subscriptions.col.tries")}>
            <Tries tries={period.tries} locale={locale} t={t} />
          </td>
          <td data-label={t("common.actions")}>
            <PeriodActions
              subscriptionId={subscriptionId}
              period={period.number}
              attempts={period.attempts}
              retry={actions.includes("retry-now") && isDunning(period)}
              refundableFils={
                actions.includes("refund") && period.refundableFils ? period.refundableFils.toString() : null
              }
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

type Period = Detail["periods"][number];

/** A period's state; one being dunned with its failed tries, the last code and its next try. */
function PeriodState({ period, locale, t }: { period: Period; locale: Locale; t: Translate }) {
  // One block: in the phone's card layout a cell lays out its children in a row, which would
  // stretch the badge to the height of the lines beside it.
  return (
    <div>
      <PeriodStatusBadge status={period.status} dunning={isDunning(period)} t={t} />
      {isDunning(period) ? (
        <div className="sub">
          {t("subscriptions.failedTries", { count: period.failedTries })}
          {period.lastResultCode ? (
            <>
              {" · "}
              <ResultCode code={period.lastResultCode} t={t} />
            </>
          ) : null}
          <div>
            {t("subscriptions.nextTry")} <Time at={period.nextAttemptAt} locale={locale} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Each try's order, linked, with its status and what was refunded of it. */
function Tries({ tries, locale, t }: { tries: Period["tries"]; locale: Locale; t: Translate }) {
  return (
    <>
      {tries.length === 0 ? <span className="muted">—</span> : null}
      {tries.map((order) => (
        <div key={order.id}>
          <a href={`/admin/orders/${order.id}`}>
            <ShortId id={order.id} />
          </a>{" "}
          <OrderStatusBadge status={order.status} t={t} />
          {order.refundedFils > 0n ? (
            <span className="sub">
              {" "}
              {t("subscriptions.refunded")} <Amount fils={order.refundedFils} locale={locale} />
            </span>
          ) : null}
        </div>
      ))}
    </>
  );
}

function TimelineTable({
  timeline,
  who,
  locale,
  t,
}: {
  timeline: Detail["timeline"];
  who: ActorContext;
  locale: Locale;
  t: Translate;
}) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("subscriptions.col.when") },
        { label: t("subscriptions.col.what") },
        { label: t("subscriptions.col.who") },
      ]}
    >
      {timeline.map((event) => (
        <tr key={event.id} data-event={event.type}>
          <td data-label={t("subscriptions.col.when")}>
            <Time at={event.createdAt} locale={locale} />
          </td>
          <td data-label={t("subscriptions.col.what")}>{timelineWords(event, t)}</td>
          <td data-label={t("subscriptions.col.who")}>
            <bdi>{event.actor ? actorWords(event.actor, who) : "—"}</bdi>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** "Period 2 paid", "Cancelled": the line's type in words, its period when it names one. */
function timelineWords(event: Detail["timeline"][number], t: Translate): string {
  const detail = (event.detail ?? {}) as { period?: unknown; kind?: unknown };
  // A message to the customer names what it told them: "Customer told: reminder before the charge".
  const key =
    event.type === "SUBSCRIPTION_NOTICE" && typeof detail.kind === "string"
      ? `${event.type}.${detail.kind}`
      : event.type;
  const words = t(dynamicKey("subscriptionEvent", key));
  const known = words !== t("common.none");
  const text = known ? words : event.type;
  return typeof detail.period === "number"
    ? `${text} · ${t("subscriptions.periodNumber", { period: String(detail.period) })}`
    : text;
}
