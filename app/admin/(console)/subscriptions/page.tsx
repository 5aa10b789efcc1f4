import type { Metadata } from "next";
import { consolePage, queryProblem, readListQuery, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { enumOptions, SearchField, SelectFilter } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { PersonChip } from "@/app/admin/_ui/person";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { subscriptionListQuery } from "@/lib/console/request-schemas";
import { listConsoleSubscriptions } from "@/lib/console/subscriptions/list-subscriptions";
import { can } from "@/lib/operators/roles/permissions";
import { SubscriptionStatus } from "@/lib/platform/db";
import { PlanName, planPeriodWords, SubscriptionBadge } from "./subscription-words";

export const metadata: Metadata = { title: "Subscriptions" };

type List = Awaited<ReturnType<typeof listConsoleSubscriptions>>;

// Subscriptions by search, status and plan, newest first: who, which plan, access until when, the
// next charge; and the same filter as CSV.
export default async function SubscriptionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator } = await consolePage();
  const { query, parsed } = await readListQuery(searchParams, subscriptionListQuery);
  const withPeople = can(operator, "customers.personal-data");
  const list = parsed.success
    ? await listConsoleSubscriptions(ctx.readModel, parsed.data, { withPeople })
    : undefined;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("after");
  exportQuery.delete("limit");
  const filtered = [...query.keys()].some((name) => name !== "after");
  return (
    <>
      <PageHead title={t("subscriptions.title")}>
        {can(operator, "orders.export") ? (
          <a className="btn" href={`/api/admin/subscriptions/export?${exportQuery.toString()}`} download>
            {t("subscriptions.export")}
          </a>
        ) : null}
      </PageHead>
      <SubscriptionFilters
        query={query}
        plans={list?.plans ?? []}
        filtered={filtered}
        withPeople={withPeople}
        locale={locale}
        t={t}
      />
      {parsed.success ? null : (
        <p className="notice notice-bad">
          {t("orders.invalidFilter", { message: queryProblem(parsed.error) })}
        </p>
      )}
      <MatchNote match={list?.match} q={query.get("q") ?? ""} t={t} />
      {list?.subscriptions.length === 0 ? (
        <p className="card empty">{filtered ? t("common.emptyFiltered") : t("common.empty")}</p>
      ) : null}
      {list?.subscriptions.length ? <SubscriptionsTable list={list} locale={locale} t={t} /> : null}
      {list ? <Pager path="/admin/subscriptions" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}

function MatchNote({ match, q, t }: { match: List["match"]; q: string; t: Translate }) {
  if (!match || !q) return null;
  if (match.kind === "none")
    return <p className="notice notice-warn">{t("subscriptions.match.none", { q })}</p>;
  return (
    <p className="notice notice-info" data-match={match.by}>
      {t(dynamicKey("subscriptions.match", match.by))}
    </p>
  );
}

function SubscriptionFilters(props: {
  query: URLSearchParams;
  plans: List["plans"];
  filtered: boolean;
  withPeople: boolean;
  locale: Locale;
  t: Translate;
}) {
  const { query, t } = props;
  return (
    <search>
      <form className="card" method="get" action="/admin/subscriptions">
        <div className="filters">
          <SearchField
            label={t("subscriptions.search")}
            value={query.get("q") ?? ""}
            placeholder={
              props.withPeople
                ? t("subscriptions.searchPlaceholder")
                : t("subscriptions.searchPlaceholderIds")
            }
            hint={props.withPeople ? t("subscriptions.searchHint") : t("subscriptions.searchHintIds")}
          />
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
            options={props.plans.map((plan) => ({
              value: plan.id,
              label: `${props.locale === "ar" ? plan.nameArabic : plan.name} · ${planPeriodWords(plan, t)}`,
            }))}
            t={t}
          />
          <div className="form-actions">
            <button className="btn" type="submit">
              {t("common.filter")}
            </button>
            {props.filtered ? (
              <a className="btn btn-quiet" href="/admin/subscriptions">
                {t("common.clear")}
              </a>
            ) : null}
          </div>
        </div>
      </form>
    </search>
  );
}

function SubscriptionsTable({ list, locale, t }: { list: List; locale: Locale; t: Translate }) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("subscriptions.col.subscription") },
        { label: t("subscriptions.col.customer") },
        { label: t("subscriptions.col.plan") },
        { label: t("subscriptions.col.status") },
        { label: t("subscriptions.col.accessUntil") },
        { label: t("subscriptions.col.nextCharge"), num: true },
        { label: t("subscriptions.col.created"), wide: true },
      ]}
    >
      {list.subscriptions.map((subscription) => (
        <tr key={subscription.id}>
          <td data-label={t("subscriptions.col.subscription")}>
            <a href={`/admin/subscriptions/${subscription.id}`}>
              <ShortId id={subscription.id} />
            </a>
          </td>
          <td data-label={t("subscriptions.col.customer")}>
            <PersonChip customerId={subscription.customerId} person={subscription.person} />
          </td>
          <td data-label={t("subscriptions.col.plan")}>
            <PlanName plan={subscription.plan} locale={locale} t={t} />
          </td>
          <td data-label={t("subscriptions.col.status")}>
            <SubscriptionBadge subscription={subscription} t={t} />
          </td>
          <td data-label={t("subscriptions.col.accessUntil")}>
            <Time at={subscription.accessUntil} locale={locale} />
          </td>
          <td className="num" data-label={t("subscriptions.col.nextCharge")}>
            {subscription.nextCharge ? (
              // One block, so the phone's card layout stacks the date under the amount.
              <div>
                <Amount fils={subscription.nextCharge.amountFils} locale={locale} />
                <div className="sub">
                  <Time at={subscription.nextCharge.at} locale={locale} />
                </div>
              </div>
            ) : (
              <span className="muted">{t("subscriptions.nothingDue")}</span>
            )}
          </td>
          <td className="hide-narrow" data-label={t("subscriptions.col.created")}>
            <Time at={subscription.createdAt} locale={locale} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
