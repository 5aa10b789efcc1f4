"use client";
// An ADMIN's controls for API keys: make one (a dialog that then shows the key once, to copy) and
// revoke one (after saying what that does). The server keeps only a hash of the key.
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { callAdminApi, errorText } from "./admin-api";
import { FormDialog } from "./form-dialog";
import { useT } from "./i18n-client";
import { RoleOptions } from "./role-options";

export function CreateApiKey() {
  const t = useT();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [secret, setSecret] = useState<string | null>(null);

  function close() {
    dialog.current?.close();
    if (secret) router.refresh();
    setSecret(null);
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        data-dialog="new-api-key"
        onClick={() => {
          setSecret(null);
          dialog.current?.showModal();
        }}
      >
        {t("apiKeys.add")}
      </button>
      <dialog ref={dialog} className="confirm" aria-labelledby="api-key-title" onClose={close}>
        {secret ? (
          <ShownOnce secret={secret} onDone={close} />
        ) : (
          <NewKeyForm onMade={setSecret} onCancel={close} />
        )}
      </dialog>
    </>
  );
}

/** The form of a new key: what it is for, what it may do, how long it lives. */
function NewKeyForm({ onMade, onCancel }: { onMade: (secret: string) => void; onCancel: () => void }) {
  const t = useT();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setWorking(true);
    setProblem("");
    const answer = await callAdminApi<{ secret?: string }>("/api/admin/api-keys", {
      body: {
        name: String(form.get("name") ?? ""),
        role: String(form.get("role") ?? "VIEWER"),
        expiresInDays: Number(form.get("days") ?? 0),
      },
    });
    setWorking(false);
    if (answer.ok && answer.body?.secret) onMade(answer.body.secret);
    else setProblem(t("common.error", { message: errorText(answer) }));
  }

  return (
    <form onSubmit={onSubmit}>
      <div className="dialog-body stack">
        <h2 id="api-key-title">{t("apiKeys.add")}</h2>
        <label className="field">
          <span>{t("apiKeys.name")}</span>
          <input name="name" required maxLength={80} dir="auto" autoComplete="off" />
        </label>
        <label className="field">
          <span>{t("apiKeys.role")}</span>
          <select name="role" defaultValue="VIEWER">
            <RoleOptions />
          </select>
        </label>
        <label className="field">
          <span>{t("apiKeys.days")}</span>
          <input name="days" type="number" required min={1} max={366} defaultValue={90} dir="ltr" />
        </label>
        {problem ? (
          <p className="notice notice-bad" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn btn-primary" disabled={working}>
          {working ? t("common.loading") : t("apiKeys.create")}
        </button>
      </div>
    </form>
  );
}

/** The new key, this once, to copy: the server keeps only its hash. */
function ShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT();
  return (
    <div>
      <div className="dialog-body stack">
        <h2 id="api-key-title">{t("apiKeys.add")}</h2>
        <p className="notice notice-warn">{t("apiKeys.shownOnce")}</p>
        <label className="field">
          <span>{t("apiKeys.secret")}</span>
          <input
            className="mono"
            readOnly
            value={secret}
            dir="ltr"
            data-secret
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
        <p className="muted" dir="auto">
          {t("apiKeys.usage")}
        </p>
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t("apiKeys.done")}
        </button>
      </div>
    </div>
  );
}

export function RevokeApiKey({ apiKeyId, name }: { apiKeyId: string; name: string }) {
  const t = useT();
  async function revoke(): Promise<string | undefined> {
    const answer = await callAdminApi(`/api/admin/api-keys/${apiKeyId}`, { method: "DELETE" });
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
