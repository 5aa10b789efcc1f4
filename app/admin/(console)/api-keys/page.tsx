import type { Metadata } from "next";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { roleLabel } from "@/app/admin/_ui/role-label";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { listApiKeys } from "@/lib/operators/api-keys/manage-api-keys";
import { listRoles } from "@/lib/operators/roles/manage-roles";
import { CreateApiKey, RevokeApiKey } from "./api-key-controls";

export const metadata: Metadata = { title: "API keys" };

const STATE_TONE = {
  ACTIVE: "tone-ok",
  SUSPENDED: "tone-warn",
  EXPIRED: "tone-warn",
  REVOKED: "tone-bad",
} as const;

type Key = Awaited<ReturnType<typeof listApiKeys>>[number];

/** Why a key does not work, when that is not plain from its state: suspended, or revoked with its maker. */
function StateWhy({ apiKey, t }: { apiKey: Key; t: Awaited<ReturnType<typeof consolePage>>["t"] }) {
  if (apiKey.state === "SUSPENDED") return <div className="muted">{t("apiKeys.suspendedWhy")}</div>;
  if (apiKey.state === "REVOKED" && apiKey.revokedReason) {
    return <div className="muted">{t(dynamicKey("apiKeys.revokedReason", apiKey.revokedReason))}</div>;
  }
  return null;
}

export default async function ApiKeysPage() {
  const { ctx, locale, t } = await consolePage("integrations.manage");
  const [keys, roles] = await Promise.all([listApiKeys(ctx), listRoles(ctx.prisma)]);
  const roleOf = new Map(roles.map((role) => [role.key, role]));
  return (
    <>
      <PageHead title={t("apiKeys.title")}>
        <CreateApiKey roles={roles.map(({ key, name }) => ({ key, name }))} />
      </PageHead>
      <p className="muted">{t("apiKeys.intro")}</p>
      {keys.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {keys.length > 0 ? (
        <DataTable
          cards
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
              <td>
                <bdi>{key.name}</bdi>
              </td>
              <td>{roleLabel(t, roleOf.get(key.role) ?? { key: key.role, name: key.role })}</td>
              <td data-api-key-state={key.state}>
                <span>
                  <span className={`badge ${STATE_TONE[key.state]}`}>
                    {t(dynamicKey("apiKeys.state", key.state))}
                  </span>
                  <StateWhy apiKey={key} t={t} />
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
              <td>
                {key.state === "ACTIVE" || key.state === "SUSPENDED" ? (
                  <RevokeApiKey apiKeyId={key.id} name={key.name} />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}
