import type { Metadata } from "next";
import { consolePage, readListQuery, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { FullId, Time } from "@/app/admin/_ui/format";
import { CheckFilter, FilterForm, SearchField } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { PersonChip } from "@/app/admin/_ui/person";
import type { Translate } from "@/lib/console/i18n/translate";
import { listCustomers } from "@/lib/console/list-customers";
import { customerListQuery } from "@/lib/console/request-schemas";
import { can } from "@/lib/operators/roles/permissions";

export const metadata: Metadata = { title: "Customers" };

// Authorization state, scopes and token expiry; never a token's value (the service never reads one).
export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator } = await consolePage();
  const { query, parsed } = await readListQuery(searchParams, customerListQuery);
  const withPeople = can(operator, "customers.personal-data");
  const list = parsed.success ? await listCustomers(ctx.readModel, parsed.data, { withPeople }) : undefined;
  const filtered = [...query.keys()].some((name) => name !== "after");
  return (
    <>
      <PageHead title={t("customers.title")} />
      <search>
        <FilterForm action="/admin/customers" t={t}>
          <SearchField
            label={t("orders.search")}
            value={query.get("q") ?? ""}
            placeholder={withPeople ? t("customers.searchPeople") : t("customers.search")}
          />
          <CheckFilter
            name="reauthorize"
            label={t("customers.reauthorizeOnly")}
            checked={query.get("reauthorize") === "true"}
          />
        </FilterForm>
      </search>
      {list?.customers.length === 0 ? (
        <p className="card empty">{filtered ? t("common.emptyFiltered") : t("common.empty")}</p>
      ) : null}
      {list?.customers.length ? (
        <DataTable
          cards
          columns={[
            { label: t("customers.col.customer") },
            { label: t("customers.col.walletId") },
            { label: t("customers.col.authorization") },
            { label: t("customers.col.scopes") },
            { label: t("customers.col.tokenExpiry") },
            { label: t("customers.col.refreshExpiry"), wide: true },
            { label: t("customers.col.orders") },
            { label: t("customers.col.lastSeen"), wide: true },
          ]}
        >
          {list.customers.map((customer) => (
            <tr key={customer.id}>
              <td data-label={t("customers.col.customer")}>
                <PersonChip customerId={customer.id} person={customer.person} />
              </td>
              <td>
                <FullId id={customer.walletCustomerId} />
              </td>
              <td data-label={t("customers.col.authorization")}>
                <AuthorizationBadge customer={customer} t={t} />
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
        </DataTable>
      ) : null}
      {list ? <Pager path="/admin/customers" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}

/** Whether the wallet still accepts the customer's authorization. */
function AuthorizationBadge({
  customer,
  t,
}: {
  customer: { needsReauthorization: boolean; reauthorizationReason: string | null; token: unknown };
  t: Translate;
}) {
  if (customer.needsReauthorization) {
    return (
      <span className="badge tone-bad" title={customer.reauthorizationReason ?? ""}>
        {t("customers.reauthorize")}
      </span>
    );
  }
  return customer.token ? (
    <span className="badge tone-ok">{t("customers.authorized")}</span>
  ) : (
    <span className="badge">{t("customers.noToken")}</span>
  );
}
