import type { Metadata } from "next";
import { RefundStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage, queryProblem, readListQuery, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { CheckFilter, enumOptions, FilterForm, SelectFilter } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { ResultCode } from "@/app/admin/_ui/result-code";
import { actorNames } from "@/lib/console/actor-names";
import { listRefunds } from "@/lib/console/list-refunds";
import { refundListQuery } from "@/lib/console/request-schemas";
import { REFUND_STATUSES } from "@/lib/payments/refunds/refund-state";

export const metadata: Metadata = { title: "Refunds" };

export default async function RefundsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage();
  const { query, parsed } = await readListQuery(searchParams, refundListQuery);
  const list = parsed.success ? await listRefunds(ctx.readModel, parsed.data) : undefined;
  const actorName = await actorNames(ctx, list?.refunds.map((refund) => refund.requestedBy) ?? []);
  const filtered = [...query.keys()].some((name) => name !== "after");
  return (
    <>
      <PageHead title={t("refunds.title")} />
      <FilterForm action="/admin/refunds" t={t}>
        <SelectFilter
          name="status"
          label={t("common.status")}
          value={query.get("status")}
          options={enumOptions(REFUND_STATUSES, "refundStatus", t)}
          t={t}
        />
        <CheckFilter
          name="attention"
          label={t("refunds.attentionOnly")}
          checked={query.get("attention") === "true"}
        />
      </FilterForm>
      {parsed.success ? null : (
        <p className="notice notice-bad">
          {t("orders.invalidFilter", { message: queryProblem(parsed.error) })}
        </p>
      )}
      {list?.refunds.length === 0 ? (
        <p className="card empty">{filtered ? t("common.emptyFiltered") : t("common.empty")}</p>
      ) : null}
      {list?.refunds.length ? (
        <DataTable
          cards
          columns={[
            { label: t("refunds.col.requested") },
            { label: t("refunds.col.order") },
            { label: t("refunds.col.amount"), num: true },
            { label: t("refunds.col.status") },
            { label: t("refunds.col.reason") },
            { label: t("refunds.col.by"), wide: true },
          ]}
        >
          {list.refunds.map((refund) => (
            <tr key={refund.id}>
              <td>
                <Time at={refund.createdAt} locale={locale} />
              </td>
              <td>
                <a href={`/admin/orders/${refund.order.id}`}>
                  <ShortId id={refund.order.id} />
                </a>
              </td>
              <td className="num">
                <Amount fils={refund.amountFils} locale={locale} />
              </td>
              <td>
                <RefundStatusBadge status={refund.status} t={t} />
                {refund.needsAttention ? <span className="flag"> ⚑</span> : null}
                {refund.status === "FAIL" && refund.resultCode ? (
                  <div>
                    <ResultCode code={refund.resultCode} t={t} />
                  </div>
                ) : null}
              </td>
              <td>
                <bdi>{refund.reason ?? "—"}</bdi>
              </td>
              <td className="hide-narrow">
                <bdi>{actorName(refund.requestedBy) ?? "—"}</bdi>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {list ? <Pager path="/admin/refunds" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}
