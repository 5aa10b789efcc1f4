"use client";
// An ADMIN's controls for operators: add one, change a role, disable or enable, unlock after failed
// sign-ins. The server refuses anyone disabling or demoting themselves; so does this page.
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import type { OperatorRole } from "@/lib/db";
import { dynamicKey } from "@/lib/i18n/translate";
import { callAdminApi, errorText } from "./admin-api";
import { useT } from "./i18n-client";

const ROLES: OperatorRole[] = ["VIEWER", "OPERATOR", "ADMIN"];

export function AddOperator() {
  const t = useT();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setWorking(true);
    const answer = await callAdminApi("/api/admin/operators", {
      body: {
        name: String(form.get("name") ?? ""),
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        role: String(form.get("role") ?? "VIEWER"),
      },
    });
    setWorking(false);
    if (!answer.ok) {
      setProblem(t("common.error", { message: errorText(answer) }));
      return;
    }
    dialog.current?.close();
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          setProblem("");
          dialog.current?.showModal();
        }}
      >
        {t("operators.add")}
      </button>
      <dialog ref={dialog} className="confirm" aria-label={t("operators.add")}>
        <form onSubmit={submit}>
          <div className="dialog-body stack">
            <h2>{t("operators.add")}</h2>
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
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(dynamicKey("role", role))}
                  </option>
                ))}
              </select>
            </label>
            {problem ? (
              <p className="notice notice-bad" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="dialog-foot">
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              {t("common.cancel")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={working}>
              {working ? t("common.loading") : t("common.save")}
            </button>
          </div>
        </form>
      </dialog>
    </>
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
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(dynamicKey("role", role))}
            </option>
          ))}
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
