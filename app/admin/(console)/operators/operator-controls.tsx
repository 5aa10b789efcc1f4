"use client";
// An ADMIN's controls for operators: add one, change a role, set a new password, disable or enable,
// unlock after wrong passwords. The server refuses anyone disabling themselves or changing their own
// role; so does this page.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";
import { type RoleChoice, RoleOptions } from "@/app/admin/_ui/role-options";

export function AddOperator({ roles }: { roles: readonly RoleChoice[] }) {
  const t = useT();
  const errorText = useErrorText();

  async function submit(form: FormData): Promise<string | undefined> {
    const answer = await sent(
      consoleApi.POST("/api/admin/operators", {
        body: {
          name: String(form.get("name") ?? ""),
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          role: String(form.get("role") ?? "VIEWER"),
        },
      }),
    );
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
      <PasswordField label={t("operators.password")} />
      <label className="field">
        <span>{t("operators.role")}</span>
        <select name="role" defaultValue="SUPPORT">
          <RoleOptions roles={roles} />
        </select>
      </label>
    </FormDialog>
  );
}

/** A new password for someone else: the rules the server applies (12 to 256 characters). */
function PasswordField({ label }: { label: string }) {
  return (
    <label className="field">
      <span>{label}</span>
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
  );
}

/** One PATCH of an operator, as a FormDialog's submit: an error to show, or nothing when done. */
function useOperatorUpdate(operatorId: string) {
  const t = useT();
  const errorText = useErrorText();
  return async (body: Record<string, unknown>): Promise<string | undefined> => {
    const answer = await sent(
      consoleApi.PATCH("/api/admin/operators/{id}", { params: { path: { id: operatorId } }, body }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  };
}

/**
 * A row's actions. Each change that ends the operator's sessions (role, password, disabling) says so
 * and waits for a second click; enabling and unlocking take effect at once.
 */
export function OperatorRowControls(props: {
  operatorId: string;
  name: string;
  role: string;
  roles: readonly RoleChoice[];
  disabled: boolean;
  locked: boolean;
  secondFactor: boolean;
  self: boolean;
}) {
  const t = useT();
  const update = useOperatorUpdate(props.operatorId);
  if (props.self) return <span className="muted">({t("operators.you")})</span>;
  return (
    <div className="form-actions">
      <FormDialog
        trigger={t("operators.setRole")}
        triggerClass="btn btn-small"
        triggerData={`role-${props.operatorId}`}
        title={t("operators.setRoleOf", { name: props.name })}
        submit={(form) => update({ role: String(form.get("role")) })}
        submitLabel={t("operators.setRole")}
      >
        <label className="field">
          <span>{t("operators.role")}</span>
          <select name="role" defaultValue={props.role}>
            <RoleOptions roles={props.roles} />
          </select>
        </label>
        <p className="muted">{t("operators.endsSessions")}</p>
      </FormDialog>
      <FormDialog
        trigger={t("operators.resetPassword")}
        triggerClass="btn btn-small"
        triggerData={`password-${props.operatorId}`}
        title={t("operators.resetPasswordOf", { name: props.name })}
        submit={(form) => update({ password: String(form.get("password") ?? "") })}
        submitLabel={t("operators.resetPassword")}
      >
        <PasswordField label={t("operators.newPassword")} />
        <p className="muted">{t("operators.endsSessions")}</p>
        <p className="muted">{t("operators.revokesKeys")}</p>
      </FormDialog>
      {props.disabled ? (
        <FormDialog
          trigger={t("operators.enable")}
          triggerClass="btn btn-small"
          title={t("operators.enable")}
          submit={() => update({ disabled: false })}
          submitLabel={t("operators.enable")}
        >
          <p dir="auto">{t("operators.enableConfirm", { name: props.name })}</p>
        </FormDialog>
      ) : (
        <FormDialog
          trigger={t("operators.disable")}
          triggerClass="btn btn-small"
          triggerData={`disable-${props.operatorId}`}
          title={t("operators.disable")}
          submit={() => update({ disabled: true })}
          submitLabel={t("operators.disable")}
          submitClass="btn btn-danger"
        >
          <p dir="auto">{t("operators.disableConfirm", { name: props.name })}</p>
          <p className="muted">{t("operators.revokesKeys")}</p>
        </FormDialog>
      )}
      {props.secondFactor ? <ResetSecondFactor operatorId={props.operatorId} name={props.name} /> : null}
      {props.locked ? <UnlockButton update={update} /> : null}
    </div>
  );
}

/** A lost phone: the operator's two-step sign-in off, their sessions ended, after saying so. */
function ResetSecondFactor({ operatorId, name }: { operatorId: string; name: string }) {
  const t = useT();
  const errorText = useErrorText();
  async function reset(): Promise<string | undefined> {
    const answer = await sent(
      consoleApi.DELETE("/api/admin/operators/{id}/second-factor", { params: { path: { id: operatorId } } }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("secondFactor.reset")}
      triggerClass="btn btn-small"
      triggerData={`reset-2fa-${operatorId}`}
      title={t("secondFactor.reset")}
      submit={reset}
      submitLabel={t("secondFactor.reset")}
      submitClass="btn btn-danger"
    >
      <p dir="auto">{t("secondFactor.resetConfirm", { name })}</p>
      <p className="muted">{t("operators.revokesKeys")}</p>
    </FormDialog>
  );
}

function UnlockButton({
  update,
}: {
  update: (body: Record<string, unknown>) => Promise<string | undefined>;
}) {
  const t = useT();
  const router = useRouter();
  const [problem, setProblem] = useState("");
  return (
    <span>
      <button
        type="button"
        className="btn btn-small"
        onClick={async () => {
          const error = await update({ unlock: true });
          setProblem(error ?? "");
          if (!error) router.refresh();
        }}
      >
        {t("operators.unlock")}
      </button>
      {problem ? (
        <span className="flag" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
