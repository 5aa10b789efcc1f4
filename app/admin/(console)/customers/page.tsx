import type { Metadata } from "next";
import { listCustomers } from "@/lib/admin/list-customers";
import { customerListQuery } from "@/lib/admin/request-schemas";
import { consolePage, queryObject, type SearchParams, toSearchParams } from "../../_ui/console-page";
import { FullId, ShortId, Time } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";
import { Pager } from "../../_ui/pager";

export const metadata: Metadata = { title: "Customers" };

// Authorization state, scopes and token expiry; never a token's value (the service never reads one).
export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage();
  const query = toSearchParams(await searchParams);
  const parsed = customerListQuery.safeParse(queryObject(query));
  const list = parsed.success ? await listCustomers(ctx.prisma, parsed.data) : undefined;
  return (
    <>
      <PageHead title={t("customers.title")} />
      <search>
        <form className="card" method="get" action="/admin/customers">
          <div className="filters">
            <label className="field wide">
              <span>{t("orders.search")}</span>
              <span className="search-row">
                <input
                  type="search"
                  name="q"
                  defaultValue={query.get("q") ?? ""}
                  placeholder={t("customers.search")}
                  dir="ltr"
                />
                <button className="btn btn-primary" type="submit">
                  {t("orders.search")}
                </button>
              </span>
            </label>
            <label className="field field-check">
              <input
                type="checkbox"
                name="reauthorize"
                value="true"
                defaultChecked={query.get("reauthorize") === "true"}
              />
              <span>{t("customers.reauthorizeOnly")}</span>
            </label>
          </div>
        </form>
      </search>
      {list && list.customers.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {list && list.customers.length > 0 ? (
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>{t("customers.col.customer")}</th>
                <th>{t("customers.col.walletId")}</th>
                <th>{t("customers.col.authorization")}</th>
                <th>{t("customers.col.scopes")}</th>
                <th>{t("customers.col.tokenExpiry")}</th>
                <th className="hide-narrow">{t("customers.col.refreshExpiry")}</th>
                <th>{t("customers.col.orders")}</th>
                <th className="hide-narrow">{t("customers.col.lastSeen")}</th>
              </tr>
            </thead>
            <tbody>
              {list.customers.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <ShortId id={customer.id} />
                  </td>
                  <td>
                    <FullId id={customer.walletCustomerId} />
                  </td>
                  <td>
                    {customer.needsReauthorization ? (
                      <span className="badge tone-bad" title={customer.reauthorizationReason ?? ""}>
                        {t("customers.reauthorize")}
                      </span>
                    ) : customer.token ? (
                      <span className="badge tone-ok">{t("customers.authorized")}</span>
                    ) : (
                      <span className="badge">{t("customers.noToken")}</span>
                    )}
                  </td>
                  <td className="mono">{customer.scopes.join(", ")}</td>
                  <td>
                    <Time at={customer.token?.accessTokenExpiresAt} locale={locale} />
                  </td>
                  <td className="hide-narrow">
                    <Time at={customer.token?.refreshTokenExpiresAt} locale={locale} />
                  </td>
                  <td>
                    <a href={`/admin/orders?customerId=${customer.id}`}>
                      {t("customers.ordersLink", { count: customer._count.orders })}
                    </a>
                  </td>
                  <td className="hide-narrow">
                    <Time at={customer.lastSeenAt} locale={locale} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <Pager path="/admin/customers" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}
