// Alerts that reach a person: events caught by rules, folded so a storm is one message per rule,
// sent by e-mail (to the local mail catcher, over real SMTP) and to a chat webhook, failures tried
// again; and the daily summary, once per rule and day.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertsHook } from "@/lib/events/alerts/catch-alerts";
import { flushAlerts } from "@/lib/events/alerts/flush-alerts";
import { createAlertSender } from "@/lib/events/alerts/send-alert";
import { drainEvents } from "@/lib/events/drain-events";
import { hookRegistry, hookTakes } from "@/lib/events/hooks";
import { writeDailySummaries } from "@/lib/payments/daily-summary";
import { createLogger } from "@/lib/platform/log";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { type MailCatcher, startMailCatcher } from "@/scripts/mail-catcher";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { loopbackOutbound } from "@/test/support/outbound";

let db: TestDatabase;
let mail: MailCatcher;
let chat: { url: string; bodies: unknown[]; status: number; close(): Promise<void> };
const logger = createLogger({ level: "silent" });

async function startChat() {
  const bodies: unknown[] = [];
  const state = { status: 200 };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (state.status === 200) bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    response.writeHead(state.status).end(state.status === 200 ? "ok" : "busy");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack`,
    bodies,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  [db, mail, chat] = await Promise.all([createTestDatabase(), startMailCatcher(), startChat()]);
});
afterAll(async () => {
  await Promise.all([db?.drop(), mail?.close(), chat?.close()]);
});

const sender = () =>
  createAlertSender({
    smtpUrl: mail.smtpUrl,
    from: "Alerts <alerts@shop.example>",
    outbound: loopbackOutbound(),
  });

function drainAlerts() {
  return drainEvents(
    {
      prisma: db.prisma,
      logger,
      tokenKey: Buffer.alloc(32),
      services: {} as never,
      hooks: hookRegistry([alertsHook]),
      hookTimeoutMs: 5_000,
      webhookTimeoutMs: 5_000,
      outbound: loopbackOutbound(),
    },
    (type) => (hookTakes(alertsHook, type) ? ["alerts"] : []),
    {
      batch: 500,
      leaseMs: 30_000,
      budgetMs: 60_000,
      hookDelaysMs: [0],
      webhookDelaysMs: [0],
      webhookDisableAfterMs: 1,
    },
  );
}

function unknownPayment(n: number) {
  const orderId = crypto.randomUUID();
  return writeEvent(db.prisma, {
    type: "payment.unknown",
    orderId,
    data: {
      orderId,
      customerId: crypto.randomUUID(),
      flow: "CASHIER",
      status: "UNKNOWN",
      previousStatus: "UNKNOWN",
      amountFils: String(1_000_000 + n),
      currency: "IQD",
      voidedFils: "0",
      refundedFils: "0",
      paymentId: null,
      paidAt: null,
      resultCode: "UNKNOWN_EXCEPTION",
      resultMessage: null,
      unknownSince: new Date().toISOString(),
    },
  });
}

describe("alerts", () => {
  it("an alert storm: 1,000 payment.unknown within a minute make one folded message per rule", async () => {
    const rules = await Promise.all([
      db.prisma.alertRule.create({
        data: {
          eventType: "payment.unknown",
          channel: "EMAIL",
          target: "ops@shop.example",
          foldSeconds: 1,
          createdBy: "t",
        },
      }),
      db.prisma.alertRule.create({
        data: {
          eventType: "payment.unknown",
          channel: "CHAT",
          target: chat.url,
          chatFormat: "slack",
          foldSeconds: 1,
          createdBy: "t",
        },
      }),
      // Another event type's rule stays quiet.
      db.prisma.alertRule.create({
        data: {
          eventType: "refund.failed",
          channel: "EMAIL",
          target: "refunds@shop.example",
          foldSeconds: 1,
          createdBy: "t",
        },
      }),
    ]);
    for (let start = 0; start < 1_000; start += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, i) => unknownPayment(start + i)));
    }
    await drainAlerts();
    // A retried delivery catches nothing twice.
    await db.prisma.eventDelivery.updateMany({
      where: { target: "alerts" },
      data: { status: "PENDING", nextAttemptAt: new Date() },
    });
    await drainAlerts();
    expect(await db.prisma.alertEvent.count({ where: { ruleId: rules[0].id } })).toBe(1_000);

    // Once the oldest has waited its fold window (a second here), everything caught is one message.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const flushed = await flushAlerts(db.prisma, sender(), logger, {
      dailySummaryHour: 24,
      writeDailySummaries,
    });
    expect(flushed).toMatchObject({ folded: 2, sent: 2 });
    await flushAlerts(db.prisma, sender(), logger, { dailySummaryHour: 24, writeDailySummaries });

    const messages = await db.prisma.alertMessage.findMany({ orderBy: { createdAt: "asc" } });
    expect(messages.map((message) => [message.ruleId, message.eventCount, message.status]).sort()).toEqual(
      [
        [rules[0].id, 1_000, "SENT"],
        [rules[1].id, 1_000, "SENT"],
      ].sort(),
    );
    const mails = mail.messages.filter((message) => message.to === "ops@shop.example");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Alert: 1000 × payment.unknown");
    expect(mails[0]?.text).toContain("… and 990 more.");
    expect(chat.bodies).toHaveLength(1);
    expect((chat.bodies[0] as { text: string }).text).toMatch(/^\*Alert: 1000 × payment\.unknown\*\n/);
  });

  it("waits for the fold window before sending anything", async () => {
    const rule = await db.prisma.alertRule.create({
      data: {
        eventType: "refund.failed",
        channel: "EMAIL",
        target: "later@shop.example",
        foldSeconds: 3_600,
        createdBy: "t",
      },
    });
    await writeEvent(db.prisma, {
      type: "refund.failed",
      orderId: crypto.randomUUID(),
      data: {
        refundId: "r1",
        orderId: "o1",
        amountFils: "5000000",
        status: "FAIL",
        reason: null,
        requestedBy: "operator:x",
        resultCode: "REFUND_AMOUNT_EXCEED",
        failReason: null,
      },
    });
    await drainAlerts();
    await flushAlerts(db.prisma, sender(), logger, { dailySummaryHour: 24, writeDailySummaries });
    expect(await db.prisma.alertEvent.count({ where: { ruleId: rule.id, messageId: null } })).toBe(1);
    expect(await db.prisma.alertMessage.count({ where: { ruleId: rule.id } })).toBe(0);
  });

  it("a chat webhook that fails is tried again on the next flush, and the message goes once", async () => {
    const rule = await db.prisma.alertRule.create({
      data: {
        eventType: "wallet.unavailable",
        channel: "CHAT",
        target: chat.url,
        chatFormat: "json",
        foldSeconds: 0,
        createdBy: "t",
      },
    });
    await writeEvent(db.prisma, {
      type: "wallet.unavailable",
      data: { process: "host-1", halfOpenAfterMs: 10_000 },
    });
    await drainAlerts();
    chat.status = 503;
    await flushAlerts(db.prisma, sender(), logger, { dailySummaryHour: 24, writeDailySummaries });
    const failed = await db.prisma.alertMessage.findFirstOrThrow({ where: { ruleId: rule.id } });
    // The status, the time and the classification; never what the chat service said ("busy").
    expect(failed).toMatchObject({
      status: "PENDING",
      attempts: 1,
      lastStatusCode: 503,
      lastFailure: "HTTP_STATUS",
      lastError: "HTTP 503: answered with an error status",
    });
    expect(failed.lastLatencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(failed)).not.toContain("busy");
    chat.status = 200;
    const before = chat.bodies.length;
    await flushAlerts(db.prisma, sender(), logger, { dailySummaryHour: 24, writeDailySummaries });
    await flushAlerts(db.prisma, sender(), logger, { dailySummaryHour: 24, writeDailySummaries });
    expect(chat.bodies.slice(before)).toEqual([
      {
        subject: expect.stringContaining("The wallet stopped answering"),
        text: expect.stringContaining("host-1"),
      },
    ]);
  });

  it("the daily summary: yesterday in Baghdad, once per rule and day, only after the hour", async () => {
    const rule = await db.prisma.alertRule.create({
      data: { eventType: "daily.summary", channel: "EMAIL", target: "owner@shop.example", createdBy: "t" },
    });
    // A refund the wallet confirmed on the 24th (Baghdad), its row touched again on the 25th (a flag
    // cleared): it counts on the day the wallet confirmed it, as the dashboard counts it.
    const customer = await db.prisma.customer.create({
      data: { walletCustomerId: `w-${crypto.randomUUID()}` },
    });
    const order = await db.prisma.order.create({
      data: {
        customerId: customer.id,
        flow: "CASHIER",
        productCode: "51051000101000000011",
        currency: "IQD",
        amountFils: 12_000_000n,
        status: "PAID",
        idempotencyKey: "daily-summary",
        paymentRequestId: `pay_${crypto.randomUUID()}`,
        refundedFils: 5_000_000n,
        confirmedRefundFils: 5_000_000n,
      },
    });
    await db.prisma.refund.create({
      data: {
        orderId: order.id,
        refundRequestId: `refund_${crypto.randomUUID()}`,
        amountFils: 5_000_000n,
        currency: "IQD",
        status: "SUCCESS",
        requestedBy: "operator:t",
        refundedAt: new Date("2026-11-24T12:00:00Z"),
        updatedAt: new Date("2026-11-25T01:00:00Z"),
      },
    });
    // 05:00 UTC is 08:00 in Baghdad.
    expect(await writeDailySummaries(db.prisma, new Date("2026-11-25T04:59:00Z"), 8)).toBe(0);
    expect(await writeDailySummaries(db.prisma, new Date("2026-11-25T05:00:00Z"), 8)).toBe(1);
    expect(await writeDailySummaries(db.prisma, new Date("2026-11-25T09:00:00Z"), 8)).toBe(0);
    const message = await db.prisma.alertMessage.findFirstOrThrow({ where: { ruleId: rule.id } });
    expect(message.subject).toBe("Daily summary for 2026-11-24 (Baghdad)");
    expect(message.body).toContain("Payments received: 0 orders, 0 IQD");
    expect(message.body).toContain("Refunds that succeeded: 1, 5,000 IQD.");
    await flushAlerts(db.prisma, sender(), logger, { dailySummaryHour: 24, writeDailySummaries });
    expect(mail.messages.filter((m) => m.to === "owner@shop.example").map((m) => m.subject)).toEqual([
      "Daily summary for 2026-11-24 (Baghdad)",
    ]);
  });
});
