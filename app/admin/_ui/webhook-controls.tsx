"use client";
// An ADMIN's controls for webhook endpoints: add one (a dialog that then shows its signing secret
// once, to copy into the receiver), turn one off or on, delete one (after saying what that does).
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { dynamicKey } from "@/lib/i18n/translate";
import { callAdminApi, errorText } from "./admin-api";
import { FormDialog } from "./form-dialog";
import { useT } from "./i18n-client";

export function AddWebhookEndpoint() {
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
        data-dialog="new-webhook"
        onClick={() => {
          setSecret(null);
          dialog.current?.showModal();
        }}
      >
        {t("webhooks.add")}
      </button>
      <dialog ref={dialog} className="confirm" aria-labelledby="webhook-title" onClose={close}>
        {secret ? (
          <SecretShownOnce secret={secret} onDone={close} />
        ) : (
          <NewEndpointForm onMade={setSecret} onCancel={close} />
        )}
      </dialog>
    </>
  );
}

function NewEndpointForm({ onMade, onCancel }: { onMade: (secret: string) => void; onCancel: () => void }) {
  const t = useT();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setWorking(true);
    setProblem("");
    const answer = await callAdminApi<{ secret?: string }>("/api/admin/webhooks", {
      body: {
        url: String(form.get("url") ?? ""),
        description: String(form.get("description") ?? ""),
        events: form.getAll("events").map(String),
      },
    });
    setWorking(false);
    if (answer.ok && answer.body?.secret) onMade(answer.body.secret);
    else setProblem(t("common.error", { message: errorText(answer) }));
  }

  return (
    <form onSubmit={onSubmit}>
      <div className="dialog-body stack">
        <h2 id="webhook-title">{t("webhooks.add")}</h2>
        <label className="field">
          <span>{t("webhooks.url")}</span>
          <input
            name="url"
            type="url"
            required
            maxLength={2000}
            dir="ltr"
            autoComplete="off"
            placeholder="https://"
          />
        </label>
        <label className="field">
          <span>{t("webhooks.description")}</span>
          <input name="description" maxLength={200} dir="auto" autoComplete="off" />
        </label>
        <fieldset className="field checks">
          <legend>{t("webhooks.events")}</legend>
          <p className="muted">{t("webhooks.noneMeansAll")}</p>
          {EVENT_TYPES.map((type) => (
            <label key={type} className="check">
              <input type="checkbox" name="events" value={type} /> {t(dynamicKey("eventType", type))}{" "}
              <span className="mono muted">{type}</span>
            </label>
          ))}
        </fieldset>
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
          {working ? t("common.loading") : t("webhooks.add")}
        </button>
      </div>
    </form>
  );
}

function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT();
  return (
    <div>
      <div className="dialog-body stack">
        <h2 id="webhook-title">{t("webhooks.add")}</h2>
        <label className="field">
          <span>{t("webhooks.secret")}</span>
          <input
            className="mono"
            readOnly
            value={secret}
            dir="ltr"
            data-secret
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t("apiKeys.done")}
        </button>
      </div>
    </div>
  );
}

export function ToggleWebhookEndpoint({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const t = useT();
  const router = useRouter();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);
  return (
    <span>
      <button
        type="button"
        className="btn btn-small"
        disabled={working}
        data-toggle={endpointId}
        onClick={async () => {
          setWorking(true);
          const answer = await callAdminApi(`/api/admin/webhooks/${endpointId}`, {
            method: "PATCH",
            body: { enabled: !enabled },
          });
          setWorking(false);
          if (answer.ok) router.refresh();
          else setProblem(t("common.error", { message: errorText(answer) }));
        }}
      >
        {enabled ? t("webhooks.turnOff") : t("webhooks.turnOn")}
      </button>
      {problem ? (
        <span role="status" className="flag">
          {" "}
          {problem}
        </span>
      ) : null}
    </span>
  );
}

export function DeleteWebhookEndpoint({ endpointId, url }: { endpointId: string; url: string }) {
  const t = useT();
  async function remove(): Promise<string | undefined> {
    const answer = await callAdminApi(`/api/admin/webhooks/${endpointId}`, { method: "DELETE" });
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("webhooks.delete")}
      triggerClass="btn btn-small"
      triggerData={`delete-${endpointId}`}
      title={t("webhooks.delete")}
      submit={remove}
      submitLabel={t("webhooks.delete")}
      submitClass="btn btn-danger"
    >
      <p dir="auto">{t("webhooks.deleteConfirm")}</p>
      <p className="mono break" dir="ltr">
        {url}
      </p>
    </FormDialog>
  );
}
