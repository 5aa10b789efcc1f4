import type { Metadata } from "next";
import { ruleTypeKey } from "@/app/admin/_ui/alert-rule-type";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { DisabledWhy } from "@/app/admin/_ui/disabled-why";
import { Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { listAlertMessages, listAlertRules } from "@/lib/console/alert-rules";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { getEnv } from "@/lib/platform/env";
import { AddAlertRule, DeleteAlertRule, ToggleAlertRule } from "./alert-controls";

export const metadata: Metadata = { title: "Alerts" };

type PageContext = Awaited<ReturnType<typeof consolePage>>;

const STATUS_TONE = { PENDING: "tone-warn", SENT: "tone-ok", FAILED: "tone-bad" } as const;

interface CaughtMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** npm run dev's mail catcher, when there is one: what alerts would have sent by e-mail. */
async function caughtMail(): Promise<CaughtMail[] | null> {
  const url = getEnv().alerts.mailCatcherUrl;
  if (!url) return null;
  try {
    const answer = await fetch(`${url}/messages`, { signal: AbortSignal.timeout(2_000), cache: "no-store" });
    return ((await answer.json()) as { messages: CaughtMail[] }).messages.slice(0, 20);
  } catch {
    return [];
  }
}

type AlertMessageRow = Awaited<ReturnType<typeof listAlertMessages>>[number];

/**
 * How the last try went: a chat message's status and failure in the operator's language (never
 * what the chat service answered), an e-mail's SMTP error as the server gave it.
 */
function LastTry({ message, t }: { message: AlertMessageRow; t: PageContext["t"] }) {
  if (message.status === "SENT" || (!message.lastFailure && !message.lastError)) return null;
  const parts = [
    message.lastStatusCode === null ? null : `HTTP ${message.lastStatusCode}`,
    message.lastLatencyMs === null ? null : `${message.lastLatencyMs} ms`,
    message.lastFailure ? t(dynamicKey("outbound.failure", message.lastFailure)) : message.lastError,
  ];
  return (
    <div className="muted break" data-last-failure={message.lastFailure ?? undefined}>
      {parts.filter(Boolean).join(" · ")}
    </div>
  );
}

async function Messages({ ctx, locale, t }: PageContext) {
  const messages = await listAlertMessages(ctx);
  return (
    <section className="card" id="messages">
      <h2>{t("alerts.messages")}</h2>
      {messages.length === 0 ? <p className="muted">{t("alerts.messages.none")}</p> : null}
      {messages.length > 0 ? (
        <DataTable
          cards
          columns={[
            { label: t("alerts.col.when") },
            { label: t("alerts.col.subject") },
            { label: t("events.col.status") },
            { label: t("alerts.col.to"), wide: true },
          ]}
        >
          {messages.map((message) => (
            <tr key={message.id} data-alert-message={message.id}>
              <td data-label={t("alerts.col.when")}>
                <Time at={message.createdAt} locale={locale} />
              </td>
              <td className="break" data-label={t("alerts.col.subject")}>
                {message.subject}
              </td>
              <td data-label={t("events.col.status")}>
                <span className={`badge ${STATUS_TONE[message.status]}`}>
                  {t(dynamicKey("alerts.status", message.status))}
                </span>
                <LastTry message={message} t={t} />
              </td>
              <td className="mono break hide-narrow" dir="ltr">
                {message.rule.target}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

async function CaughtMailSection({ locale, t }: PageContext) {
  const mails = await caughtMail();
  if (mails === null) return null;
  return (
    <section className="card" id="caught-mail">
      <h2>{t("alerts.caught")}</h2>
      {mails.length === 0 ? <p className="muted">{t("alerts.caught.none")}</p> : null}
      {mails.map((mail) => (
        <details key={mail.id} className="caught-mail">
          <summary>
            <Time at={new Date(mail.receivedAt)} locale={locale} /> · <span className="mono">{mail.to}</span>{" "}
            · {mail.subject}
          </summary>
          <pre className="mono break">{mail.text}</pre>
        </details>
      ))}
    </section>
  );
}

export default async function AlertsPage() {
  const page = await consolePage("integrations.manage");
  const { ctx, t } = page;
  const rules = await listAlertRules(ctx);
  return (
    <>
      <PageHead title={t("alerts.title")}>
        <AddAlertRule />
      </PageHead>
      <p className="muted">{t("alerts.intro")}</p>
      <section className="card" id="rules">
        <h2>{t("alerts.rules")}</h2>
        {rules.length === 0 ? <p className="muted">{t("alerts.none")}</p> : null}
        {rules.length > 0 ? (
          <DataTable
            cards
            columns={[
              { label: t("alerts.event") },
              { label: t("alerts.channel") },
              { label: t("events.col.status") },
              { label: t("common.actions") },
            ]}
          >
            {rules.map((rule) => (
              <tr key={rule.id} data-alert-rule={rule.eventType}>
                <td data-label={t("alerts.event")}>
                  <span>
                    {t(ruleTypeKey(rule.eventType))}
                    <div className="muted">
                      {t("alerts.foldShort", { seconds: String(rule.foldSeconds) })}
                    </div>
                  </span>
                </td>
                <td data-label={t("alerts.channel")}>
                  <span>
                    {t(dynamicKey("alerts.channel", rule.channel))}
                    {rule.chatFormat ? <span className="muted"> ({rule.chatFormat})</span> : null}
                    <div className="mono break" dir="ltr">
                      {rule.target}
                    </div>
                  </span>
                </td>
                <td data-label={t("events.col.status")}>
                  <span>
                    <span className={`badge ${rule.enabled ? "tone-ok" : "tone-neutral"}`}>
                      {rule.enabled ? t("webhooks.enabled") : t("webhooks.disabled")}
                    </span>
                    <DisabledWhy reason={rule.disabledReason} t={t} />
                    {rule.createdByApiKeyId ? (
                      <div className="muted">{t("integrations.madeWithKey")}</div>
                    ) : null}
                  </span>
                </td>
                <td className="actions" data-label="">
                  <ToggleAlertRule ruleId={rule.id} enabled={rule.enabled} />{" "}
                  <DeleteAlertRule ruleId={rule.id} />
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>
      <Messages {...page} />
      <CaughtMailSection {...page} />
    </>
  );
}
