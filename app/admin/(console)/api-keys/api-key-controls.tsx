"use client";
// An ADMIN's controls for API keys: make one (a dialog that then shows the key once, to copy) and
// revoke one (after saying what that does). The server keeps only a hash of the key.
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";
import { type RoleChoice, RoleOptions } from "@/app/admin/_ui/role-options";
import { SecretDialog } from "@/app/admin/_ui/secret-dialog";

/** A new key: what it is for, what it may do, how long it lives; then the key, this once. */
export function CreateApiKey({ roles }: { roles: readonly RoleChoice[] }) {
  const t = useT();
  return (
    <SecretDialog
      name="new-api-key"
      title={t("apiKeys.add")}
      submitLabel={t("apiKeys.create")}
      send={(form) =>
        sent(
          consoleApi.POST("/api/admin/api-keys", {
            body: {
              name: String(form.get("name") ?? ""),
              role: String(form.get("role") ?? "VIEWER"),
              expiresInDays: Number(form.get("days") ?? 0),
            },
          }),
        )
      }
      fields={
        <>
          <label className="field">
            <span>{t("apiKeys.name")}</span>
            <input name="name" required maxLength={80} dir="auto" autoComplete="off" />
          </label>
          <label className="field">
            <span>{t("apiKeys.role")}</span>
            <select name="role" defaultValue="VIEWER">
              <RoleOptions roles={roles} />
            </select>
          </label>
          <label className="field">
            <span>{t("apiKeys.days")}</span>
            <input name="days" type="number" required min={1} max={366} defaultValue={90} dir="ltr" />
          </label>
        </>
      }
      secretLabel={t("apiKeys.secret")}
      before={<p className="notice notice-warn">{t("apiKeys.shownOnce")}</p>}
      after={
        <p className="muted" dir="auto">
          {t("apiKeys.usage")}
        </p>
      }
    />
  );
}

export function RevokeApiKey({ apiKeyId, name }: { apiKeyId: string; name: string }) {
  const t = useT();
  const errorText = useErrorText();
  async function revoke(): Promise<string | undefined> {
    const answer = await sent(
      consoleApi.DELETE("/api/admin/api-keys/{id}", { params: { path: { id: apiKeyId } } }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("apiKeys.revoke")}
      triggerClass="btn btn-small"
      triggerData={`revoke-${apiKeyId}`}
      title={t("apiKeys.revoke")}
      submit={revoke}
      submitLabel={t("apiKeys.revoke")}
      submitClass="btn btn-danger"
    >
      <p dir="auto">{t("apiKeys.revokeConfirm", { name })}</p>
    </FormDialog>
  );
}
