import type { Metadata } from "next";
import { listApiKeys } from "@/lib/admin/api-keys";
import { dynamicKey } from "@/lib/i18n/translate";
import { CreateApiKey, RevokeApiKey } from "../../_ui/api-key-controls";
import { consolePage } from "../../_ui/console-page";
import { DataTable } from "../../_ui/data-table";
import { Time } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";

export const metadata: Metadata = { title: "API keys" };

const STATE_TONE = { ACTIVE: "tone-ok", EXPIRED: "tone-warn", REVOKED: "tone-bad" } as const;

export default async function ApiKeysPage() {
  const { ctx, locale, t } = await consolePage("ADMIN");
  const keys = await listApiKeys(ctx);
  return (
    <>
      <PageHead title={t("apiKeys.title")}>
        <CreateApiKey />
      </PageHead>
      <p className="muted">{t("apiKeys.intro")}</p>
      {keys.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {keys.length > 0 ? (
        <DataTable
          columns={[
            { label: t("apiKeys.col.name") },
            { label: t("apiKeys.col.role") },
            { label: t("apiKeys.col.state") },
            { label: t("apiKeys.col.lastUsed") },
            { label: t("apiKeys.col.expires"), wide: true },
            { label: t("apiKeys.col.key"), wide: true },
            { label: t("apiKeys.col.createdBy"), wide: true },
            { label: t("common.actions") },
          ]}
        >
          {keys.map((key) => (
            <tr key={key.id} data-api-key={key.name}>
              <td dir="auto">{key.name}</td>
              <td>{t(dynamicKey("role", key.role))}</td>
              <td>
                <span className={`badge ${STATE_TONE[key.state]}`}>
                  {t(dynamicKey("apiKeys.state", key.state))}
                </span>
              </td>
              <td>{key.lastUsedAt ? <Time at={key.lastUsedAt} locale={locale} /> : t("apiKeys.never")}</td>
              <td className="hide-narrow">
                <Time at={key.expiresAt} locale={locale} />
              </td>
              <td className="mono hide-narrow" dir="ltr">
                {key.prefix}…
              </td>
              <td className="mono hide-narrow">{key.createdBy}</td>
              <td>{key.state === "ACTIVE" ? <RevokeApiKey apiKeyId={key.id} name={key.name} /> : null}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}
