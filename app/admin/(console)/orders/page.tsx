import type { Metadata } from "next";
import { listOrders } from "@/lib/admin/orders/list-orders";
import { orderListQuery } from "@/lib/admin/request-schemas";
import type { OrderStatus } from "@/lib/db";
import { OrderFlow } from "@/lib/db";
import { dynamicKey, type Translate } from "@/lib/i18n/translate";
import { parseIqd } from "@/lib/money/parse-iqd";
import { ORDER_STATUSES } from "@/lib/orders/order-state";
import { OrderStatusBadge } from "../../_ui/badges";
import {
  consolePage,
  queryObject,
  queryProblem,
  type SearchParams,
  toSearchParams,
} from "../../_ui/console-page";
import { DataTable } from "../../_ui/data-table";
import { Amount, ShortId, Time } from "../../_ui/format";
import { CheckFilter, enumOptions, SearchField, SelectFilter } from "../../_ui/list-filters";
import { PageHead } from "../../_ui/page-head";
import { Pager } from "../../_ui/pager";

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
    match.by === "paymentRequestId"
      ? "orders.match.paymentRequestId"
      : match.by === "paymentId"
        ? "orders.match.paymentId"
        : match.kind === "customer"
          ? "orders.match.customer"
          : "orders.match.order";
  return <p className="notice notice-info">{t(key)}</p>;
}

export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage();
  const pageQuery = toSearchParams(await searchParams);
  const { query, problem } = serviceQuery(pageQuery);
  const parsed = orderListQuery.safeParse(queryObject(query));
  const invalid = problem ?? (parsed.success ? undefined : queryProblem(parsed.error));
  const list = parsed.success && !invalid ? await listOrders(ctx.prisma, parsed.data) : undefined;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("after");
  exportQuery.delete("limit");
  const selected = new Set(pageQuery.getAll("status"));
  const filtered = [...pageQuery.keys()].some((name) => name !== "after");
  const q = pageQuery.get("q") ?? "";
  // Open when a filter other than the search box is in use (phones see the search box first).
  const moreFilters = [...pageQuery.keys()].some((name) => !["q", "after"].includes(name));

  return (
    <>
      <PageHead title={t("orders.title")}>
        <a className="btn" href={`/api/admin/orders/export?${exportQuery.toString()}`} download>
          {t("orders.export")}
        </a>
      </PageHead>

      <search>
        <form className="card" method="get" action="/admin/orders">
          <div className="filters">
            <SearchField
              label={t("orders.search")}
              value={q}
              placeholder={t("orders.searchPlaceholder")}
              hint={t("orders.searchHint")}
            />
            <details className="more-filters wide" open={moreFilters}>
              <summary>{t("orders.moreFilters")}</summary>
              <div className="filters">
                <SelectFilter
                  name="status"
                  label={t("orders.filter.status")}
                  value={[...selected][0] ?? null}
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
                <label className="field">
                  <span>{t("orders.filter.from")}</span>
                  <input type="date" name="from" defaultValue={pageQuery.get("from") ?? ""} />
                </label>
                <label className="field">
                  <span>{t("orders.filter.to")}</span>
                  <input type="date" name="to" defaultValue={pageQuery.get("to") ?? ""} />
                </label>
                <label className="field">
                  <span>{t("orders.filter.minAmount")}</span>
                  <input
                    name="minIqd"
                    inputMode="decimal"
                    defaultValue={pageQuery.get("minIqd") ?? ""}
                    dir="ltr"
                  />
                </label>
                <label className="field">
                  <span>{t("orders.filter.maxAmount")}</span>
                  <input
                    name="maxIqd"
                    inputMode="decimal"
                    defaultValue={pageQuery.get("maxIqd") ?? ""}
                    dir="ltr"
                  />
                </label>
                <label className="field">
                  <span>{t("orders.filter.customer")}</span>
                  <input name="customerId" defaultValue={pageQuery.get("customerId") ?? ""} dir="ltr" />
                </label>
                <CheckFilter
                  name="attention"
                  label={t("orders.filter.attention")}
                  checked={pageQuery.get("attention") === "true"}
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

      {invalid ? (
        <p className="notice notice-bad">{t("orders.invalidFilter", { message: invalid })}</p>
      ) : null}
      <SearchMatchNote match={list?.match} q={q} t={t} />

      {list ? (
        list.orders.length === 0 ? (
          <p className="card empty">{filtered ? t("common.emptyFiltered") : t("common.empty")}</p>
        ) : (
          <DataTable
            id="orders"
            cards
            columns={[
              { label: t("orders.col.created") },
              { label: t("orders.col.order") },
              { label: t("orders.col.flow") },
              { label: t("orders.col.status") },
              { label: t("orders.col.amount"), num: true },
              { label: t("orders.col.paymentId"), wide: true },
              { label: t("common.customer"), wide: true },
            ]}
          >
            {list.orders.map((order) => (
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
                    <span className="flag" title={order.attentionReason ?? ""}>
                      {" "}
                      ⚑ <span className="hide-narrow">{t("common.attention")}</span>
                    </span>
                  ) : null}
                </td>
                <td className="num" data-label={t("orders.col.amount")}>
                  <Amount fils={order.amountFils} locale={locale} />
                </td>
                <td className="hide-narrow">
                  <ShortId id={order.paymentId} />
                </td>
                <td className="hide-narrow">
                  <a href={`/admin/orders?customerId=${order.customerId}`}>
                    <ShortId id={order.customerId} />
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
      {list ? <Pager path="/admin/orders" query={pageQuery} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}
