"use client";
import { useState } from "react";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { OnOffButton } from "@/app/admin/_ui/on-off-button";
import type { paths } from "@/generated/console-api";
import { ALERT_RULE_TYPES, CHAT_FORMATS } from "@/lib/events/alerts/alert-types";

/** What a new rule is made of; the form's selects offer only these values. */
type NewAlertRule = paths["/api/admin/alerts/rules"]["post"]["requestBody"]["content"]["application/json"];

import { ruleTypeKey } from "@/app/admin/_ui/alert-rule-type";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";

/** A rule: which events, by e-mail or chat (and in which chat's format), folded how. */
export function AddAlertRule() {
  const t = useT();
  const errorText = useErrorText();
  async function add(form: FormData): Promise<string | undefined> {
    const channel = String(form.get("channel")) as NewAlertRule["channel"];
    const answer = await sent(
      consoleApi.POST("/api/admin/alerts/rules", {
        body: {
          eventType: String(form.get("eventType")) as NewAlertRule["eventType"],
          channel,
          target: String(form.get("target") ?? ""),
          ...(channel === "CHAT"
            ? { chatFormat: String(form.get("chatFormat")) as NewAlertRule["chatFormat"] }
            : {}),
          foldSeconds: Number(form.get("foldSeconds") ?? 60),
        },
      }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("alerts.add")}
      triggerData="new-alert-rule"
      title={t("alerts.add")}
      submit={add}
      submitLabel={t("alerts.add")}
    >
      <label className="field">
        <span>{t("alerts.event")}</span>
        <select name="eventType" defaultValue={ALERT_RULE_TYPES[0]}>
          {ALERT_RULE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(ruleTypeKey(type))}
            </option>
          ))}
        </select>
      </label>
      <ChannelFields />
    </FormDialog>
  );
}

/** How the alert goes out: the channel, its target, a chat's format, the fold window. */
function ChannelFields() {
  const t = useT();
  const [channel, setChannel] = useState<"EMAIL" | "CHAT">("EMAIL");
  return (
    <>
      <label className="field">
        <span>{t("alerts.channel")}</span>
        <select
          name="channel"
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value as "EMAIL" | "CHAT")}
        >
          <option value="EMAIL">{t("alerts.channel.EMAIL")}</option>
          <option value="CHAT">{t("alerts.channel.CHAT")}</option>
        </select>
      </label>
      <label className="field">
        <span>{t("alerts.target")}</span>
        <input
          name="target"
          required
          maxLength={2000}
          dir="ltr"
          autoComplete="off"
          type={channel === "EMAIL" ? "email" : "url"}
        />
      </label>
      {channel === "CHAT" ? (
        <label className="field">
          <span>{t("alerts.format")}</span>
          <select name="chatFormat" defaultValue="slack">
            {CHAT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        <span>{t("alerts.fold")}</span>
        <input name="foldSeconds" type="number" min={0} max={86400} defaultValue={60} required dir="ltr" />
      </label>
    </>
  );
}

export function ToggleAlertRule({ ruleId, enabled }: { ruleId: string; enabled: boolean }) {
  const t = useT();
  return (
    <OnOffButton
      send={() =>
        sent(
          consoleApi.PATCH("/api/admin/alerts/rules/{id}", {
            params: { path: { id: ruleId } },
            body: { enabled: !enabled },
          }),
        )
      }
      label={enabled ? t("alerts.turnOff") : t("alerts.turnOn")}
      data={{ "data-toggle-rule": ruleId }}
    />
  );
}

export function DeleteAlertRule({ ruleId }: { ruleId: string }) {
  const t = useT();
  const errorText = useErrorText();
  async function remove(): Promise<string | undefined> {
    const answer = await sent(
      consoleApi.DELETE("/api/admin/alerts/rules/{id}", { params: { path: { id: ruleId } } }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("alerts.delete")}
      triggerClass="btn btn-small"
      triggerData={`delete-rule-${ruleId}`}
      title={t("alerts.delete")}
      submit={remove}
      submitLabel={t("alerts.delete")}
      submitClass="btn btn-danger"
    >
      <p dir="auto">{t("alerts.deleteConfirm")}</p>
    </FormDialog>
  );
}
