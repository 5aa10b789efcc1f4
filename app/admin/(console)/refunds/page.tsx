import type { Metadata } from "next";
import { listRefunds } from "@/lib/admin/list-refunds";
import { refundListQuery } from "@/lib/admin/request-schemas";
import { dynamicKey } from "@/lib/i18n/translate";
import { RefundStatusBadge } from "../../_ui/badges";
import { consolePage, queryObject, type SearchParams, toSearchParams } from "../../_ui/console-page";
import { Amount, ShortId, Time } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";
import { Pager } from "../../_ui/pager";

export const metadata: Metadata = { title: "Refunds" };

const STATUSES = ["CREATED", "PROCESSING", "UNKNOWN", "SUCCESS", "FAIL"] as const;

export default async function RefundsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage();
  const query = toSearchParams(await searchParams);
  const parsed = refundListQuery.safeParse(queryObject(query));
  const list = parsed.success ? await listRefunds(ctx.prisma, parsed.data) : undefined;
  return (
    <>
      <PageHead title={t("refunds.title")} />
      <form className="card" method="get" action="/admin/refunds">
        <div className="filters">
          <label className="field">
            <span>{t("common.status")}</span>
            <select name="status" defaultValue={query.get("status") ?? ""}>
              <option value="">{t("common.all")}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(dynamicKey("refundStatus", status))}
                </option>
              ))}
            </select>
          </label>
          <label className="field field-check">
            <input
              type="checkbox"
              name="attention"
              value="true"
              defaultChecked={query.get("attention") === "true"}
            />
            <span>{t("refunds.attentionOnly")}</span>
          </label>
          <div className="form-actions">
            <button className="btn" type="submit">
              {t("common.filter")}
            </button>
          </div>
        </div>
      </form>
      {!parsed.success ? (
        <p className="notice notice-bad">{t("orders.invalidFilter", { message: parsed.error.message })}</p>
      ) : null}
      {list && list.refunds.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {list && list.refunds.length > 0 ? (
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>{t("refunds.col.requested")}</th>
                <th>{t("refunds.col.order")}</th>
                <th className="num">{t("refunds.col.amount")}</th>
                <th>{t("refunds.col.status")}</th>
                <th>{t("refunds.col.reason")}</th>
                <th className="hide-narrow">{t("refunds.col.by")}</th>
              </tr>
            </thead>
            <tbody>
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
                    {refund.failReason ? <div className="muted">{refund.failReason}</div> : null}
                  </td>
                  <td dir="auto">{refund.reason ?? "—"}</td>
                  <td className="hide-narrow muted">{refund.requestedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <Pager path="/admin/refunds" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}
