import type { Metadata } from "next";
import { OrderStatusBadge } from "@/app/admin/_ui/badges";
import {
  consolePage,
  queryObject,
  queryProblem,
  type SearchParams,
  toSearchParams,
} from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { flagReasonWords } from "@/app/admin/_ui/flag-reason";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { CheckFilter, enumOptions, SearchField, SelectFilter } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { PersonChip } from "@/app/admin/_ui/person";
import { formatAmount } from "@/lib/console/i18n/format";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { listOrders } from "@/lib/console/orders/list-orders";
import { orderListQuery } from "@/lib/console/request-schemas";
import { can } from "@/lib/operators/roles/permissions";
import { ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { refundState } from "@/lib/payments/refunds/refund-figures";
import type { OrderStatus } from "@/lib/platform/db";
import { OrderFlow } from "@/lib/platform/db";
import { parseIqd } from "@/lib/platform/money/parse-iqd";

export const metadata: Metadata = { title: "Orders" };

const FLOWS = Object.values(OrderFlow);

/**
 * The page's query string as the order list service takes it. The page speaks dinars (minIqd, maxIqd)
 * where the API speaks fils; everything else is the API's own parameter, so the CSV link is the same
 * filter.
 */
function serviceQuery(page: URLSearchParams): { query: URLSearchParams; problem?: string } {
  const query = new URLSearchParams(page);
  query.delete("minIqd");
  query.delete("maxIqd");
  for (const [field, name] of [
    ["minIqd", "minAmount"],
    ["maxIqd", "maxAmount"],
  ] as const) {
    const text = page.get(field);
    if (!text) continue;
    const fils = parseIqd(text);
    if (fils === null) return { query, problem: `${field}: ${text}` };
    query.set(name, fils.toString());
  }
  return { query };
}

function SearchMatchNote({
  match,
  q,
  t,
}: {
  match: { kind: string; by?: string } | undefined;
  q: string;
  t: Translate;
}) {
  if (!match || !q) return null;
  if (match.kind === "none") return <p className="notice notice-warn">{t("orders.match.none", { q })}</p>;
  const key =
    match.kind === "customer" ? "orders.match.customer" : dynamicKey("orders.match", match.by ?? "orderId");
  return (
    <p className="notice notice-info" data-match={match.by ?? match.kind}>
      {t(key)}
    </p>
  );
}

type OrderList = Awaited<ReturnType<typeof listOrders>>;

export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator } = await consolePage();
  const pageQuery = toSearchParams(await searchParams);
  const { query, problem } = serviceQuery(pageQuery);
  const parsed = orderListQuery.safeParse(queryObject(query));
  const invalid = problem ?? (parsed.success ? undefined : queryProblem(parsed.error));
  const withPeople = can(operator, "customers.personal-data");
  const list =
    parsed.success && !invalid ? await listOrders(ctx.readModel, parsed.data, { withPeople }) : undefined;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("after");
  exportQuery.delete("limit");
  const filtered = [...pageQuery.keys()].some((name) => name !== "after");
  const q = pageQuery.get("q") ?? "";

  return (
    <>
      <PageHead title={t("orders.title")}>
        {/* Only for a role that may export: the download would otherwise fail with a bare 403. */}
        {can(operator, "orders.export") ? (
          <a className="btn" href={`/api/admin/orders/export?${exportQuery.toString()}`} download>
            {t("orders.export")}
          </a>
        ) : null}
      </PageHead>
      <OrderFilters pageQuery={pageQuery} filtered={filtered} withPeople={withPeople} t={t} />
      {invalid ? (
        <p className="notice notice-bad">{t("orders.invalidFilter", { message: invalid })}</p>
      ) : null}
      <SearchMatchNote match={list?.match} q={q} t={t} />
      {list && list.orders.length === 0 ? (
        <p className="card empty">{filtered ? t("common.emptyFiltered") : t("common.empty")}</p>
      ) : null}
      {list && list.orders.length > 0 ? <OrdersTable orders={list.orders} t={t} locale={locale} /> : null}
      {list ? <Pager path="/admin/orders" query={pageQuery} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}

/** The search box, and behind "more filters" the rest (open when one of them is in use). */
function OrderFilters({
  pageQuery,
  filtered,
  withPeople,
  t,
}: {
  pageQuery: URLSearchParams;
  filtered: boolean;
  /** Whether the search finds names and phones (customers.personal-data); the hint says which. */
  withPeople: boolean;
  t: Translate;
}) {
  // Open when a filter other than the search box is in use (phones see the search box first).
  const moreFilters = [...pageQuery.keys()].some((name) => !["q", "after"].includes(name));
  return (
    <search>
      <form className="card" method="get" action="/admin/orders">
        <div className="filters">
          <SearchField
            label={t("orders.search")}
            value={pageQuery.get("q") ?? ""}
            placeholder={withPeople ? t("orders.searchPlaceholder") : t("orders.searchPlaceholderIds")}
            hint={withPeople ? t("orders.searchHint") : t("orders.searchHintIds")}
          />
          <details className="more-filters wide" open={moreFilters}>
            <summary>{t("orders.moreFilters")}</summary>
            <div className="filters">
              <SelectFilter
                name="status"
                label={t("orders.filter.status")}
                value={pageQuery.getAll("status")[0] ?? null}
                options={enumOptions(ORDER_STATUSES, "status", t)}
                t={t}
              />
              <SelectFilter
                name="flow"
                label={t("orders.filter.flow")}
                value={pageQuery.get("flow")}
                options={enumOptions(FLOWS, "flow", t)}
                t={t}
              />
              <TextFilter name="from" type="date" label={t("orders.filter.from")} pageQuery={pageQuery} />
              <TextFilter name="to" type="date" label={t("orders.filter.to")} pageQuery={pageQuery} />
              <TextFilter name="minIqd" decimal label={t("orders.filter.minAmount")} pageQuery={pageQuery} />
              <TextFilter name="maxIqd" decimal label={t("orders.filter.maxAmount")} pageQuery={pageQuery} />
              <TextFilter name="customerId" ltr label={t("orders.filter.customer")} pageQuery={pageQuery} />
              <CheckFilter
                name="attention"
                label={t("orders.filter.attention")}
                checked={pageQuery.get("attention") === "true"}
              />
              <CheckFilter
                name="refunded"
                label={t("orders.filter.refunded")}
                checked={pageQuery.get("refunded") === "true"}
              />
              <div className="form-actions">
                <button className="btn" type="submit">
                  {t("common.filter")}
                </button>
                {filtered ? (
                  <a className="btn btn-quiet" href="/admin/orders">
                    {t("common.clear")}
                  </a>
                ) : null}
              </div>
            </div>
          </details>
        </div>
      </form>
    </search>
  );
}

/** One text filter, filled from the query string: a date, an amount in IQD (typed left to right), or an id. */
function TextFilter(props: {
  name: string;
  label: string;
  pageQuery: URLSearchParams;
  type?: "date";
  decimal?: boolean;
  ltr?: boolean;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type={props.type}
        name={props.name}
        inputMode={props.decimal ? "decimal" : undefined}
        defaultValue={props.pageQuery.get(props.name) ?? ""}
        dir={props.decimal || props.ltr ? "ltr" : undefined}
      />
    </label>
  );
}

function OrdersTable({ orders, t, locale }: { orders: OrderList["orders"]; t: Translate; locale: Locale }) {
  return (
    <DataTable
      id="orders"
      cards
      columns={[
        { label: t("orders.col.created") },
        { label: t("orders.col.order") },
        { label: t("orders.col.flow") },
        { label: t("orders.col.status") },
        { label: t("orders.col.amount"), num: true },
        { label: t("common.customer") },
        { label: t("orders.col.paymentId"), wide: true },
      ]}
    >
      {orders.map((order) => (
        <tr key={order.id} data-order={order.id}>
          <td data-label={t("orders.col.created")}>
            <Time at={order.createdAt} locale={locale} />
          </td>
          <td data-label={t("orders.col.order")}>
            <a href={`/admin/orders/${order.id}`}>
              <ShortId id={order.id} />
            </a>
          </td>
          <td data-label={t("orders.col.flow")}>{t(dynamicKey("flow", order.flow))}</td>
          <td data-label={t("orders.col.status")}>
            <OrderStatusBadge status={order.status as OrderStatus} t={t} />
            {order.needsAttention ? (
              <span className="flag" title={flagReasonWords(order, t, locale)}>
                {" "}
                ⚑ <span className="hide-narrow">{t("common.attention")}</span>
              </span>
            ) : null}
          </td>
          <td className="num" data-label={t("orders.col.amount")}>
            <Amount fils={order.amountFils} locale={locale} />
            <RefundNote order={order} t={t} locale={locale} />
          </td>
          <td data-label={t("common.customer")}>
            <PersonChip customerId={order.customerId} person={order.person} />
          </td>
          <td className="hide-narrow">
            <ShortId id={order.paymentId} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Under the amount: "Refunded" or "Partly refunded: 20,000 IQD" once the wallet confirmed money back,
 * and apart, by their own names, refunds awaiting approval or still in flight: the customer does not
 * have that money yet, and the list never says they do.
 */
function RefundNote({
  order,
  t,
  locale,
}: {
  order: {
    amountFils: bigint;
    confirmedRefundFils: bigint;
    voidedFils: bigint;
    refundAwaitingApprovalFils: bigint;
    refundInFlightFils: bigint;
  };
  t: Translate;
  locale: Locale;
}) {
  const state = refundState(order);
  const amount = (fils: bigint) => formatAmount(fils, locale);
  return (
    <>
      {state === "NONE" ? null : (
        <div className="refund-note" data-refund-state={state}>
          {state === "REFUNDED"
            ? t("orders.refunded")
            : t("orders.partlyRefunded", { amount: amount(order.confirmedRefundFils) })}
        </div>
      )}
      {order.refundAwaitingApprovalFils > 0n ? (
        <div className="refund-note refund-note-pending" data-refund-state="AWAITING_APPROVAL">
          {t("orders.refundAwaitingApproval", { amount: amount(order.refundAwaitingApprovalFils) })}
        </div>
      ) : null}
      {order.refundInFlightFils > 0n ? (
        <div className="refund-note refund-note-pending" data-refund-state="IN_FLIGHT">
          {t("orders.refundInFlight", { amount: amount(order.refundInFlightFils) })}
        </div>
      ) : null}
    </>
  );
}
