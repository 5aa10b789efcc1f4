"use client";
// An ADMIN's controls for operators: add one, change a role, disable or enable, unlock after failed
// sign-ins. The server refuses anyone disabling or demoting themselves; so does this page.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { OperatorRole } from "@/lib/db";
import { callAdminApi, errorText } from "./admin-api";
import { FormDialog } from "./form-dialog";
import { useT } from "./i18n-client";
import { RoleOptions } from "./role-options";

export function AddOperator() {
  const t = useT();

  async function submit(form: FormData): Promise<string | undefined> {
    const answer = await callAdminApi("/api/admin/operators", {
      body: {
        name: String(form.get("name") ?? ""),
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        role: String(form.get("role") ?? "VIEWER"),
      },
    });
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }

  return (
    <FormDialog
      trigger={t("operators.add")}
      triggerData="new-operator"
      title={t("operators.add")}
      submit={submit}
    >
      <label className="field">
        <span>{t("operators.name")}</span>
        <input name="name" required maxLength={120} dir="auto" />
      </label>
      <label className="field">
        <span>{t("operators.email")}</span>
        <input name="email" type="email" required maxLength={320} dir="ltr" autoComplete="off" />
      </label>
      <label className="field">
        <span>{t("operators.password")}</span>
        <input
          name="password"
          type="password"
          required
          minLength={12}
          maxLength={256}
          dir="ltr"
          autoComplete="new-password"
        />
      </label>
      <label className="field">
        <span>{t("operators.role")}</span>
        <select name="role" defaultValue="OPERATOR">
          <RoleOptions />
        </select>
      </label>
    </FormDialog>
  );
}

export function OperatorRowControls(props: {
  operatorId: string;
  role: OperatorRole;
  disabled: boolean;
  locked: boolean;
  self: boolean;
}) {
  const t = useT();
  const router = useRouter();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function update(body: Record<string, unknown>) {
    setWorking(true);
    setProblem("");
    const answer = await callAdminApi(`/api/admin/operators/${props.operatorId}`, { method: "PATCH", body });
    setWorking(false);
    if (!answer.ok) setProblem(errorText(answer));
    router.refresh();
  }

  if (props.self) return <span className="muted">({t("operators.you")})</span>;
  return (
    <div className="form-actions">
      <label className="field" style={{ flexDirection: "row", alignItems: "center", gap: "0.35rem" }}>
        <span className="hide-narrow">{t("operators.setRole")}</span>
        <select
          aria-label={t("operators.setRole")}
          defaultValue={props.role}
          disabled={working}
          onChange={(event) => update({ role: event.target.value })}
        >
          <RoleOptions />
        </select>
      </label>
      <button
        type="button"
        className="btn btn-small"
        disabled={working}
        onClick={() => update({ disabled: !props.disabled })}
      >
        {props.disabled ? t("operators.enable") : t("operators.disable")}
      </button>
      {props.locked ? (
        <button
          type="button"
          className="btn btn-small"
          disabled={working}
          onClick={() => update({ unlock: true })}
        >
          {t("operators.unlock")}
        </button>
      ) : null}
      {problem ? (
        <span className="flag" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
