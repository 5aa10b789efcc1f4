import type { Metadata } from "next";
import { listAuditEntries } from "@/lib/admin/audit-log";
import { auditListQuery } from "@/lib/admin/request-schemas";
import { consolePage, readListQuery, type SearchParams } from "../../_ui/console-page";
import { DataTable } from "../../_ui/data-table";
import { ShortId, Time } from "../../_ui/format";
import { JsonView } from "../../_ui/json-view";
import { FilterForm } from "../../_ui/list-filters";
import { PageHead } from "../../_ui/page-head";
import { Pager } from "../../_ui/pager";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage("audit.read");
  const { query, parsed } = await readListQuery(searchParams, auditListQuery);
  const list = parsed.success ? await listAuditEntries(ctx.prisma, parsed.data) : undefined;
  const keyIds = [...new Set(list?.entries.flatMap((entry) => (entry.apiKeyId ? [entry.apiKeyId] : [])))];
  const keyNames = new Map(
    keyIds.length > 0
      ? (
          await ctx.prisma.apiKey.findMany({
            where: { id: { in: keyIds } },
            select: { id: true, name: true },
          })
        ).map((key) => [key.id, key.name])
      : [],
  );
  return (
    <>
      <PageHead title={t("audit.title")} />
      <FilterForm action="/admin/audit" t={t}>
        <label className="field">
          <span>{t("audit.filter.action")}</span>
          <input
            name="action"
            defaultValue={query.get("action") ?? ""}
            placeholder="order.refund"
            dir="ltr"
          />
        </label>
      </FilterForm>
      {list?.entries.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {list?.entries.length ? (
        <DataTable
          cards
          columns={[
            { label: t("audit.col.time") },
            { label: t("audit.col.operator") },
            { label: t("audit.col.action") },
            { label: t("audit.col.subject") },
            { label: t("audit.col.wallet") },
            { label: t("common.details") },
          ]}
        >
          {list.entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <Time at={entry.createdAt} locale={locale} />
              </td>
              <td>
                <span className="mono">{entry.operatorEmail}</span>
                {entry.apiKeyId ? (
                  <div className="muted" dir="auto">
                    {t("audit.viaKey", { name: keyNames.get(entry.apiKeyId) ?? "?" })}
                  </div>
                ) : null}
              </td>
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
        </DataTable>
      ) : null}
      {list ? <Pager path="/admin/audit" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}
