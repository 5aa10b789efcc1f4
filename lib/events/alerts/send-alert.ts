// Sending one alert message: an e-mail through SMTP (nodemailer; SMTP_URL) or a POST to a chat
// webhook in the shape its service takes, under the outbound policy (lib/platform/outbound). An
// e-mail that could not be sent throws; a chat message answers how it went (status, time, the
// failure's classification, never the chat service's words). flush-alerts.ts keeps that and tries again.
import type { Transporter } from "nodemailer";
import type { OutboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import { type OutboundResult, postOutbound } from "@/lib/platform/outbound/outbound-request";

import type { ChatFormat } from "./alert-types";

interface AlertContent {
  subject: string;
  body: string;
}

export interface AlertSender {
  email(to: string, content: AlertContent): Promise<void>;
  chat(url: string, format: ChatFormat, content: AlertContent): Promise<OutboundResult>;
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
  outbound: OutboundPolicy;
}): AlertSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { smtpUrl } = options;
  // nodemailer loads with the first e-mail: a process that never sends one (the app, most workers)
  // does not carry it in memory.
  let transport: Promise<Transporter> | undefined;
  return {
    async email(to, content) {
      if (!smtpUrl) throw new Error("SMTP_URL is not set: e-mail alerts cannot be sent");
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl, { connectionTimeout: timeoutMs, socketTimeout: timeoutMs }),
      );
      await (await transport).sendMail({
        from: options.from,
        to,
        subject: content.subject,
        text: content.body,
      });
    },
    chat(url, format, content) {
      return postOutbound(options.outbound, url, {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(chatBody(format, content)),
        timeoutMs,
      });
    },
  };
}
