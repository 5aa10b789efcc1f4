import type { Metadata } from "next";
import { consolePage, readListQuery, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { enumOptions, FilterForm, SelectFilter } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { subscriptionListQuery } from "@/lib/console/request-schemas";
import { listConsoleSubscriptions } from "@/lib/console/subscriptions";
import { SubscriptionStatus } from "@/lib/platform/db";

export const metadata: Metadata = { title: "Subscriptions" };

// Subscriptions by status and plan, newest first: who, which plan, access until when, next charge.
export default async function SubscriptionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage();
  const { query, parsed } = await readListQuery(searchParams, subscriptionListQuery);
  const list = parsed.success ? await listConsoleSubscriptions(ctx.prisma, parsed.data) : undefined;
  const planName = (plan: PlanNames) => nameOf(plan, locale);
  return (
    <>
      <PageHead title={t("subscriptions.title")} />
      <search>
        <FilterForm action="/admin/subscriptions" t={t}>
          <SelectFilter
            name="status"
            label={t("subscriptions.filter.status")}
            value={query.get("status")}
            options={enumOptions(Object.values(SubscriptionStatus), "subscriptionStatus", t)}
            t={t}
          />
          <SelectFilter
            name="planId"
            label={t("subscriptions.filter.plan")}
            value={query.get("planId")}
            options={(list?.plans ?? []).map((plan) => ({ value: plan.id, label: planName(plan) }))}
            t={t}
          />
        </FilterForm>
      </search>
      {list?.subscriptions.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {list?.subscriptions.length ? (
        <DataTable
          cards
          columns={[
            { label: t("subscriptions.col.subscription") },
            { label: t("subscriptions.col.customer"), wide: true },
            { label: t("subscriptions.col.plan") },
            { label: t("subscriptions.col.status") },
            { label: t("subscriptions.col.accessUntil") },
            { label: t("subscriptions.col.nextCharge"), num: true },
            { label: t("subscriptions.col.created"), wide: true },
          ]}
        >
          {list.subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} locale={locale} t={t} />
          ))}
        </DataTable>
      ) : null}
      {list ? <Pager path="/admin/subscriptions" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}

type PlanNames = { product: { name: string; nameArabic: string } };
type Listed = Awaited<ReturnType<typeof listConsoleSubscriptions>>["subscriptions"][number];

function nameOf(plan: PlanNames, locale: Locale): string {
  return locale === "ar" ? plan.product.nameArabic : plan.product.name;
}

function SubscriptionRow({
  subscription,
  locale,
  t,
}: {
  subscription: Listed;
  locale: Locale;
  t: Translate;
}) {
  const next =
    subscription.status === "PAUSED" || subscription.cancelAtPeriodEnd ? undefined : subscription.periods[0];
  return (
    <tr>
      <td data-label={t("subscriptions.col.subscription")}>
        <a href={`/admin/subscriptions/${subscription.id}`}>
          <ShortId id={subscription.id} />
        </a>
      </td>
      <td className="hide-narrow" data-label={t("subscriptions.col.customer")}>
        <a href={`/admin/customers/${subscription.customerId}`}>
          <ShortId id={subscription.customerId} />
        </a>
      </td>
      <td data-label={t("subscriptions.col.plan")}>
        <bdi>{nameOf(subscription.plan, locale)}</bdi>
      </td>
      <td data-label={t("subscriptions.col.status")}>
        <span className="badge">{t(dynamicKey("subscriptionStatus", subscription.status))}</span>
      </td>
      <td data-label={t("subscriptions.col.accessUntil")}>
        <Time at={subscription.currentPeriodEnd} locale={locale} />
      </td>
      <td className="num" data-label={t("subscriptions.col.nextCharge")}>
        {next ? (
          <>
            <Amount fils={next.amountFils} locale={locale} /> ·{" "}
            <Time at={next.nextAttemptAt} locale={locale} />
          </>
        ) : (
          t("subscriptions.nothingDue")
        )}
      </td>
      <td className="hide-narrow" data-label={t("subscriptions.col.created")}>
        <Time at={subscription.createdAt} locale={locale} />
      </td>
    </tr>
  );
}
