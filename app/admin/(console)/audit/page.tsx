import type { Metadata } from "next";
import { listAuditEntries } from "@/lib/admin/audit-log";
import { auditListQuery } from "@/lib/admin/request-schemas";
import { consolePage, queryObject, type SearchParams, toSearchParams } from "../../_ui/console-page";
import { ShortId, Time } from "../../_ui/format";
import { JsonView } from "../../_ui/json-view";
import { PageHead } from "../../_ui/page-head";
import { Pager } from "../../_ui/pager";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage("ADMIN");
  const query = toSearchParams(await searchParams);
  const parsed = auditListQuery.safeParse(queryObject(query));
  const list = parsed.success ? await listAuditEntries(ctx.prisma, parsed.data) : undefined;
  return (
    <>
      <PageHead title={t("audit.title")} />
      <form className="card" method="get" action="/admin/audit">
        <div className="filters">
          <label className="field">
            <span>{t("audit.filter.action")}</span>
            <input
              name="action"
              defaultValue={query.get("action") ?? ""}
              placeholder="order.refund"
              dir="ltr"
            />
          </label>
          <div className="form-actions">
            <button className="btn" type="submit">
              {t("common.filter")}
            </button>
          </div>
        </div>
      </form>
      {list && list.entries.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {list && list.entries.length > 0 ? (
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>{t("audit.col.time")}</th>
                <th>{t("audit.col.operator")}</th>
                <th>{t("audit.col.action")}</th>
                <th>{t("audit.col.subject")}</th>
                <th>{t("audit.col.wallet")}</th>
                <th>{t("common.details")}</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <Time at={entry.createdAt} locale={locale} />
                  </td>
                  <td className="mono">{entry.operatorEmail}</td>
                  <td className="mono">{entry.action}</td>
                  <td>
                    <span className="muted">{entry.subjectType}</span>{" "}
                    {entry.orderId ? (
                      <a href={`/admin/orders/${entry.orderId}`}>
                        <ShortId id={entry.subjectId} />
                      </a>
                    ) : (
                      <ShortId id={entry.subjectId} />
                    )}
                  </td>
                  <td className="mono">{entry.walletResult ? JSON.stringify(entry.walletResult) : "—"}</td>
                  <td>
                    <JsonView label={t("audit.before")} value={entry.before} />
                    <JsonView label={t("audit.after")} value={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <Pager path="/admin/audit" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}
