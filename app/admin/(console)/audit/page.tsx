import type { Metadata } from "next";
import { consolePage, readListQuery, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { JsonView } from "@/app/admin/_ui/json-view";
import { FilterForm } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { wordsOr } from "@/app/admin/_ui/record-words";
import { TechnicalDetails } from "@/app/admin/_ui/technical-details";
import { actorNames } from "@/lib/console/actor-names";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { AUDIT_ACTIONS, auditAmountFils } from "@/lib/operators/audit/audit-actions";
import { apiKeyNamesOf, listAuditEntries } from "@/lib/operators/audit/audit-log";
import { auditListQuery } from "@/lib/operators/operator-inputs";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t } = await consolePage("audit.read");
  const { query, parsed } = await readListQuery(searchParams, auditListQuery);
  const list = parsed.success ? await listAuditEntries(ctx.prisma, parsed.data) : undefined;
  const actorName = await actorNames(
    ctx,
    (list?.entries ?? []).map((entry) => `operator:${entry.operatorId}`),
  );
  const keyNames = await apiKeyNamesOf(ctx.prisma, list?.entries ?? []);
  return (
    <>
      <PageHead title={t("audit.title")} />
      <ActionFilter value={query.get("action") ?? ""} t={t} />
      {list?.entries.length === 0 ? (
        <p className="card empty">{query.get("action") ? t("common.emptyFiltered") : t("common.empty")}</p>
      ) : null}
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
                <bdi>{actorName(`operator:${entry.operatorId}`) ?? entry.operatorEmail}</bdi>
                {entry.apiKeyId ? (
                  <div className="muted" dir="auto">
                    {t("audit.viaKey", { name: keyNames.get(entry.apiKeyId) ?? "?" })}
                  </div>
                ) : null}
              </td>
              <td data-action={entry.action}>
                <AuditAction action={entry.action} after={entry.after} t={t} locale={locale} />
              </td>
              <td>
                <span className="muted">
                  {wordsOr("auditSubject", entry.subjectType, t, "audit.col.subject")}
                </span>{" "}
                {entry.orderId ? (
                  <a href={`/admin/orders/${entry.orderId}`}>
                    <ShortId id={entry.subjectId} />
                  </a>
                ) : (
                  <ShortId id={entry.subjectId} />
                )}
              </td>
              <td>
                <WalletResult result={entry.walletResult} t={t} />
              </td>
              <td>
                <AuditDetails entry={entry} t={t} />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {list ? <Pager path="/admin/audit" query={query} nextCursor={list.nextCursor} t={t} /> : null}
    </>
  );
}

/** The action in words, with the amount it moved (a refund, a request) in IQD. */
function AuditAction({
  action,
  after,
  t,
  locale,
}: {
  action: string;
  after: unknown;
  t: Translate;
  locale: Locale;
}) {
  const key = dynamicKey("audit.action", action.split(":")[0] ?? action);
  const amount = auditAmountFils(after);
  return (
    <>
      {key === "common.none" ? t("timeline.otherEvent") : t(key)}
      {amount !== null ? (
        <div>
          <Amount fils={amount} locale={locale} />
        </div>
      ) : null}
    </>
  );
}

/** The entry's codes (its action, the operator's e-mail, the record's id) and its before and after. */
function AuditDetails({
  entry,
  t,
}: {
  entry: NonNullable<Awaited<ReturnType<typeof listAuditEntries>>>["entries"][number];
  t: Translate;
}) {
  return (
    <TechnicalDetails
      label={t("timeline.technical")}
      codes={[
        ["action", entry.action],
        ["operator", entry.operatorEmail],
        ["subject", `${entry.subjectType} ${entry.subjectId}`],
        ["requestKey", entry.requestKey],
      ]}
    >
      <JsonView label={t("audit.before")} value={entry.before} />
      <JsonView label={t("audit.after")} value={entry.after} />
    </TechnicalDetails>
  );
}

/** The wallet's answer to the action, in words with its code; a dash for actions without one. */
function WalletResult({ result, t }: { result: unknown; t: Translate }) {
  const { status, resultCode } = (result ?? {}) as { status?: string; resultCode?: string | null };
  if (!status) return <>—</>;
  const key = dynamicKey("action.outcome", status);
  return <>{key === "common.none" ? status : t(key, { code: resultCode ?? "" })}</>;
}

/** The filter by action, each named in words. */
function ActionFilter({ value, t }: { value: string; t: Translate }) {
  return (
    <FilterForm action="/admin/audit" t={t}>
      <label className="field">
        <span>{t("audit.filter.action")}</span>
        <select name="action" defaultValue={value}>
          <option value="">{t("audit.allActions")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(dynamicKey("audit.action", action))}
            </option>
          ))}
        </select>
      </label>
    </FilterForm>
  );
}
