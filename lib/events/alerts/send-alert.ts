// Sending one alert message: an e-mail through SMTP (nodemailer; SMTP_URL) or a POST to a chat
// webhook in the shape its service takes. Throws when it could not be sent; flush-alerts.ts keeps
// the error and tries again.
import nodemailer from "nodemailer";

import type { ChatFormat } from "./alert-types";

interface AlertContent {
  subject: string;
  body: string;
}

export interface AlertSender {
  email(to: string, content: AlertContent): Promise<void>;
  chat(url: string, format: ChatFormat, content: AlertContent): Promise<void>;
}

/**
 * The body each chat service takes: Slack (and Mattermost, Rocket.Chat) `{ text }`, Discord
 * `{ content }`, Telegram's sendMessage `{ text }` with the chat in the URL (`?chat_id=…`), or our
 * own JSON for anything else.
 */
function chatBody(format: ChatFormat, content: AlertContent): unknown {
  const text = `${content.subject}\n\n${content.body}`;
  switch (format) {
    case "slack":
      return { text: `*${content.subject}*\n${content.body}` };
    case "discord":
      return { content: text.slice(0, 2_000) };
    case "telegram":
      return { text: text.slice(0, 4_096) };
    case "json":
      return { subject: content.subject, text: content.body };
  }
}

export function createAlertSender(options: {
  smtpUrl: string | undefined;
  from: string;
  timeoutMs?: number;
}): AlertSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, { connectionTimeout: timeoutMs, socketTimeout: timeoutMs })
    : undefined;
  return {
    async email(to, content) {
      if (!transport) throw new Error("SMTP_URL is not set: e-mail alerts cannot be sent");
      await transport.sendMail({ from: options.from, to, subject: content.subject, text: content.body });
    },
    async chat(url, format, content) {
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(chatBody(format, content)),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) {
        throw new Error(`the chat webhook answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
      }
    },
  };
}
