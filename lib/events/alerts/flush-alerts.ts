// Turns caught alert events into messages and sends them. A rule's events are folded once the
// oldest has waited its fold window: everything caught until then is one message ("1,000 × …"), so
// an outage sends one alert, not ten thousand. Sending holds the message's row lock, so two workers
// never send one message twice; a failed send is tried again on the next flush, up to MAX_ATTEMPTS.

import type { Prisma, PrismaClient } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import { describeFailure, type OutboundFailure } from "@/lib/platform/outbound/failures";
import { CHAT_FORMATS, type ChatFormat } from "./alert-types";
import type { AlertSender } from "./send-alert";

const MAX_ATTEMPTS = 5;
/** Lines of a folded message: the first few events, then a count of the rest. */
const SHOWN_EVENTS = 10;

export interface FlushSettings {
  /** The Baghdad hour after which yesterday's summary goes out. */
  dailySummaryHour: number;
  /**
   * Writes the daily summaries that are due, answering how many. The summary reads the payments'
   * figures, which this context does not know: the workers pass lib/payments/daily-summary.ts.
   */
  writeDailySummaries: (prisma: PrismaClient, now: Date, hour: number) => Promise<number>;
}

async function foldDueEvents(prisma: PrismaClient): Promise<number> {
  const due = await prisma.$queryRaw<{ ruleId: string }[]>`
    SELECT e.rule_id AS "ruleId" FROM alert_events e JOIN alert_rules r ON r.id = e.rule_id
    WHERE e.message_id IS NULL AND r.enabled
    GROUP BY e.rule_id, r.fold_seconds
    HAVING min(e.occurred_at) <= now() - r.fold_seconds * interval '1 second'`;
  let folded = 0;
  for (const { ruleId } of due) {
    folded += await prisma.$transaction(async (tx) => {
      // One folder per rule at a time; another worker skips it.
      const [rule] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM alert_rules WHERE id = ${ruleId} FOR UPDATE SKIP LOCKED`;
      if (!rule) return 0;
      const events = await tx.alertEvent.findMany({
        where: { ruleId, messageId: null },
        orderBy: { occurredAt: "asc" },
      });
      if (events.length === 0) return 0;
      const first = events[0] as (typeof events)[number];
      const types = [...new Set(events.map((event) => event.eventType))].join(", ");
      const lines = events.slice(0, SHOWN_EVENTS).map((event) => `• ${event.summary}`);
      if (events.length > SHOWN_EVENTS) lines.push(`… and ${events.length - SHOWN_EVENTS} more.`);
      const message = await tx.alertMessage.create({
        data: {
          ruleId,
          subject:
            events.length === 1
              ? `Alert: ${first.summary.slice(0, 120)}`
              : `Alert: ${events.length} × ${types}`,
          body: [`${events.length} event(s) from ${first.occurredAt.toISOString()}:`, ...lines].join("\n"),
          eventCount: events.length,
        },
      });
      await tx.alertEvent.updateMany({
        where: { id: { in: events.map((event) => event.id) } },
        data: { messageId: message.id },
      });
      return 1;
    });
  }
  return folded;
}

type MessageWithRule = Prisma.AlertMessageGetPayload<{ include: { rule: true } }>;

/** How one try went: for chat, the status, time and classification; for e-mail, the SMTP error. */
interface SendOutcome {
  sent: boolean;
  lastError: string | null;
  lastFailure: OutboundFailure | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
}

async function sendOne(sender: AlertSender, message: MessageWithRule): Promise<SendOutcome> {
  if (message.rule.channel === "EMAIL") {
    const started = performance.now();
    const tried = { lastFailure: null, lastStatusCode: null };
    try {
      await sender.email(message.rule.target, message);
      return {
        sent: true,
        lastError: null,
        ...tried,
        lastLatencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const lastLatencyMs = Math.round(performance.now() - started);
      return { sent: false, lastError: reason.slice(0, 1_000), ...tried, lastLatencyMs };
    }
  }
  const format = (CHAT_FORMATS as readonly string[]).includes(message.rule.chatFormat ?? "")
    ? (message.rule.chatFormat as ChatFormat)
    : "json";
  const answer = await sender.chat(message.rule.target, format, message);
  return {
    sent: answer.ok,
    lastError: answer.failure ? describeFailure(answer.failure, answer.statusCode) : null,
    lastFailure: answer.failure,
    lastStatusCode: answer.statusCode,
    lastLatencyMs: answer.latencyMs,
  };
}

async function sendPending(prisma: PrismaClient, sender: AlertSender, logger: Logger): Promise<number> {
  // A rule turned off sends nothing more, not even what it had caught (its key may have been revoked).
  const pending = await prisma.alertMessage.findMany({
    where: { status: "PENDING", rule: { enabled: true } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 50,
  });
  let sent = 0;
  for (const { id } of pending) {
    await prisma.$transaction(
      async (tx) => {
        const [locked] = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM alert_messages WHERE id = ${id} AND status = 'PENDING' FOR UPDATE SKIP LOCKED`;
        if (!locked) return;
        const message = await tx.alertMessage.findUniqueOrThrow({ where: { id }, include: { rule: true } });
        const { sent: ok, ...outcome } = await sendOne(sender, message);
        const attempts = message.attempts + 1;
        if (ok) sent++;
        else logger.warn({ alertMessageId: id, attempts, err: outcome.lastError }, "alert not sent");
        await tx.alertMessage.update({
          where: { id },
          data: {
            ...outcome,
            attempts,
            ...(ok ? { status: "SENT", sentAt: new Date() } : {}),
            ...(!ok && attempts >= MAX_ATTEMPTS ? { status: "FAILED" } : {}),
          },
        });
      },
      { timeout: 30_000 },
    );
  }
  return sent;
}

export async function flushAlerts(
  prisma: PrismaClient,
  sender: AlertSender,
  logger: Logger,
  settings: FlushSettings,
  now = new Date(),
): Promise<{ folded: number; summaries: number; sent: number }> {
  const folded = await foldDueEvents(prisma);
  const summaries = await settings.writeDailySummaries(prisma, now, settings.dailySummaryHour);
  const sent = await sendPending(prisma, sender, logger);
  return { folded, summaries, sent };
}
