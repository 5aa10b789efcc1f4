"use client";
import type { ApiAnswer } from "@/app/admin/_ui/admin-api";
import { ApiActionButton } from "@/app/admin/_ui/api-action-button";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";
import { permissionLabel } from "@/app/admin/_ui/role-label";
import type { paths } from "@/generated/console-api";
// Editing roles: a dialog per role with its permissions as checkboxes, its refund limits in IQD
// (empty: no limit) and whether its operators must use a second factor; one to add a role; and the
// switch that requires a second factor of everyone at once.
import { PERMISSIONS } from "@/lib/operators/roles/permissions";
import { filsToInput, parseIqd } from "@/lib/platform/money/parse-iqd";
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";

export interface EditableRole {
  key: string;
  name: string;
  label: string;
  builtIn: boolean;
  permissions: readonly string[];
  refundLimitFils: string | null;
  dailyRefundLimitFils: string | null;
  requireSecondFactor: boolean;
}

/** An IQD field's value as fils for the API: empty is "no limit"; what cannot be read, an error. */
function limitOf(form: FormData, name: string): string | null | undefined {
  const text = toLatinDigits(String(form.get(name) ?? "")).trim();
  if (text === "") return null;
  const fils = parseIqd(text);
  return fils === null ? undefined : fils.toString();
}

/** A refund limit typed in IQD; empty is "no limit". */
function LimitField({ name, label, fils }: { name: string; label: string; fils: string | null | undefined }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input name={name} inputMode="decimal" dir="ltr" defaultValue={fils ? filsToInput(BigInt(fils)) : ""} />
    </label>
  );
}

function RoleFields({ role }: { role?: EditableRole }) {
  const t = useT();
  const locked = role?.key === "ADMIN";
  return (
    <>
      <label className="field">
        <span>{t("roles.name")}</span>
        <input name="name" required maxLength={60} dir="auto" defaultValue={role?.name ?? ""} />
      </label>
      <fieldset className="field permission-list">
        <legend>{t("roles.permissions")}</legend>
        {PERMISSIONS.map((permission) => (
          <label key={permission} className="check">
            <input
              type="checkbox"
              name="permission"
              value={permission}
              defaultChecked={role ? role.permissions.includes(permission) : permission === "orders.read"}
              disabled={locked}
            />{" "}
            {permissionLabel(t, permission)}
          </label>
        ))}
      </fieldset>
      <LimitField name="refundLimit" label={t("roles.refundLimit")} fils={role?.refundLimitFils} />
      <LimitField name="dailyLimit" label={t("roles.dailyLimit")} fils={role?.dailyRefundLimitFils} />
      <p className="muted">{t("roles.limitHint")}</p>
      <label className="check">
        <input
          type="checkbox"
          name="requireSecondFactor"
          defaultChecked={role?.requireSecondFactor ?? false}
        />{" "}
        {t("roles.requireSecondFactor")}
      </label>
    </>
  );
}

/** A role's fields as the API takes them, for a new role and a change alike. */
type RoleBody = paths["/api/admin/roles/{key}"]["patch"]["requestBody"]["content"]["application/json"];

function useRoleSubmit(save: (body: RoleBody) => Promise<ApiAnswer>, keepPermissions: boolean) {
  const t = useT();
  const errorText = useErrorText();
  return async (form: FormData): Promise<string | undefined> => {
    const refundLimitFils = limitOf(form, "refundLimit");
    const dailyRefundLimitFils = limitOf(form, "dailyLimit");
    if (refundLimitFils === undefined || dailyRefundLimitFils === undefined) return t("roles.badLimit");
    const answer = await save({
      name: String(form.get("name") ?? "").trim(),
      ...(keepPermissions
        ? {}
        : { permissions: form.getAll("permission").map(String) as RoleBody["permissions"] }),
      refundLimitFils,
      dailyRefundLimitFils,
      requireSecondFactor: form.get("requireSecondFactor") === "on",
    });
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  };
}

export function AddRole() {
  const t = useT();
  const submit = useRoleSubmit(
    (body) =>
      sent(
        consoleApi.POST("/api/admin/roles", {
          body: { ...body, name: body.name ?? "", permissions: body.permissions ?? [] },
        }),
      ),
    false,
  );
  return (
    <FormDialog trigger={t("roles.add")} triggerData="new-role" title={t("roles.add")} submit={submit}>
      <RoleFields />
    </FormDialog>
  );
}

export function EditRole({ role }: { role: EditableRole }) {
  const t = useT();
  const submit = useRoleSubmit(
    (body) => sent(consoleApi.PATCH("/api/admin/roles/{key}", { params: { path: { key: role.key } }, body })),
    role.key === "ADMIN",
  );
  return (
    <FormDialog
      trigger={t("roles.edit")}
      triggerClass="btn btn-small"
      triggerData={`edit-role-${role.key}`}
      title={t("roles.editTitle", { name: role.label })}
      submit={submit}
      submitLabel={t("roles.save")}
    >
      <RoleFields role={role} />
      <p className="muted">{t("roles.appliesNow")}</p>
    </FormDialog>
  );
}

export function RemoveRole({ role }: { role: EditableRole }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <FormDialog
      trigger={t("roles.remove")}
      triggerClass="btn btn-small"
      triggerData={`remove-role-${role.key}`}
      title={t("roles.removeTitle", { name: role.label })}
      submit={async () => {
        const answer = await sent(
          consoleApi.DELETE("/api/admin/roles/{key}", { params: { path: { key: role.key } } }),
        );
        return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
      }}
      submitLabel={t("roles.remove")}
      submitClass="btn btn-danger"
    >
      <p>{t("roles.removeExplain")}</p>
    </FormDialog>
  );
}

/** Second factor for everyone, or for nobody, in one step (each role can still be set on its own). */
export function SecondFactorPolicy() {
  const t = useT();
  return (
    <div className="form-actions">
      <ApiActionButton
        send={() =>
          sent(consoleApi.POST("/api/admin/roles/second-factor", { body: { requireSecondFactor: true } }))
        }
        label={t("roles.requireAll")}
        explain={t("roles.requireAllExplain")}
        doneMessage={() => t("roles.policySaved")}
        data={{ "data-policy": "require" }}
      />
      <ApiActionButton
        send={() =>
          sent(consoleApi.POST("/api/admin/roles/second-factor", { body: { requireSecondFactor: false } }))
        }
        label={t("roles.requireNone")}
        explain={t("roles.requireNoneExplain")}
        doneMessage={() => t("roles.policySaved")}
        data={{ "data-policy": "none" }}
      />
    </div>
  );
}
