"use client";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { OnOffButton } from "@/app/admin/_ui/on-off-button";
import type { paths } from "@/generated/console-api";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { EVENT_TYPES } from "@/lib/platform/outbox/event-map";

/** The event types an endpoint can ask for; the form offers only these. */
type WebhookEvents =
  paths["/api/admin/webhooks"]["post"]["requestBody"]["content"]["application/json"]["events"];

import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";
import { SecretDialog } from "@/app/admin/_ui/secret-dialog";

/** A new endpoint: where, what for, which events; then its signing secret, this once. */
export function AddWebhookEndpoint() {
  const t = useT();
  return (
    <SecretDialog
      name="new-webhook"
      title={t("webhooks.add")}
      submitLabel={t("webhooks.add")}
      send={(form) =>
        sent(
          consoleApi.POST("/api/admin/webhooks", {
            body: {
              url: String(form.get("url") ?? ""),
              description: String(form.get("description") ?? ""),
              events: form.getAll("events").map(String) as WebhookEvents,
            },
          }),
        )
      }
      fields={
        <>
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
              // The event's code (the payload's `type`) on hover, for whoever writes the receiver.
              <label key={type} className="check" title={type}>
                <input type="checkbox" name="events" value={type} /> {t(dynamicKey("eventType", type))}
              </label>
            ))}
          </fieldset>
        </>
      }
      secretLabel={t("webhooks.secret")}
    />
  );
}

export function ToggleWebhookEndpoint({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const t = useT();
  return (
    <OnOffButton
      send={() =>
        sent(
          consoleApi.PATCH("/api/admin/webhooks/{id}", {
            params: { path: { id: endpointId } },
            body: { enabled: !enabled },
          }),
        )
      }
      label={enabled ? t("webhooks.turnOff") : t("webhooks.turnOn")}
      data={{ "data-toggle": endpointId }}
    />
  );
}

export function DeleteWebhookEndpoint({ endpointId, url }: { endpointId: string; url: string }) {
  const t = useT();
  const errorText = useErrorText();
  async function remove(): Promise<string | undefined> {
    const answer = await sent(
      consoleApi.DELETE("/api/admin/webhooks/{id}", { params: { path: { id: endpointId } } }),
    );
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
