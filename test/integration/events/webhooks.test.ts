// Webhooks end to end: an ADMIN adds an endpoint, a paid order's events are signed per Standard
// Webhooks and verified here with the specification's own algorithm (not the library that signs),
// a receiver that is down gets everything once it is back, a re-send carries the same event id,
// and an endpoint failing for too long is turned off.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendDelivery } from "@/lib/console/event-deliveries";
import { createWebhookEndpoint } from "@/lib/console/webhook-endpoints";
import { type DrainSettings, drainEvents } from "@/lib/events/drain-events";
import { hookRegistry } from "@/lib/events/hooks";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { createOrder } from "@/lib/payments/orders/create-order";
import { outboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import { withAttempts } from "@/test/support/deliveries";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { createTestOperator, identityOf } from "@/test/support/operators";
import { loopbackOutbound } from "@/test/support/outbound";

/**
 * The receiver's check, written from the Standard Webhooks specification: HMAC-SHA256 keyed with the
 * base64 secret after `whsec_`, over `<webhook-id>.<webhook-timestamp>.<body>`, base64, sent as one
 * of the space-separated `v1,<signature>` entries; the timestamp within five minutes.
 */
function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string | undefined>,
  body: string,
): boolean {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface Received {
  id: string;
  type: string;
  orderId: string | null;
  verified: boolean;
}

/** A merchant's receiver: records what it gets (verified or not); answers 503 while `down`. */
async function startReceiver(secret: () => string) {
  const received: Received[] = [];
  const state = { down: false, attempts: 0 };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    state.attempts++;
    if (state.down) {
      response.writeHead(503).end("maintenance");
      return;
    }
    const headers = request.headers as Record<string, string | undefined>;
    const parsed = JSON.parse(body) as { id: string; type: string; orderId: string | null };
    received.push({
      id: parsed.id,
      type: parsed.type,
      orderId: parsed.orderId,
      verified: verifyStandardWebhook(secret(), headers, body) && headers["webhook-id"] === parsed.id,
    });
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let merchant: MerchantHarness;
let admin: OperatorIdentity;
beforeAll(async () => {
  merchant = await startMerchant();
  const created = await createTestOperator(
    merchant.ctx.prisma,
    "ADMIN",
    "a test secret: no token is made from it",
  );
  admin = identityOf(created);
});
afterAll(() => merchant.close());

const SETTINGS: DrainSettings = {
  batch: 100,
  leaseMs: 30_000,
  budgetMs: 10_000,
  hookDelaysMs: [0],
  webhookDelaysMs: [0, 0],
  webhookDisableAfterMs: 60 * 60_000,
};

function drain(settings: Partial<DrainSettings> = {}) {
  return drainEvents(
    {
      prisma: merchant.ctx.prisma,
      logger: merchant.ctx.logger,
      tokenKey: merchant.ctx.tokenKey,
      services: merchant.ctx,
      hooks: hookRegistry([]),
      hookTimeoutMs: 2_000,
      webhookTimeoutMs: 2_000,
      outbound: loopbackOutbound(),
    },
    () => [],
    { ...SETTINGS, ...settings },
  );
}

async function paidOrder() {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "COFFEE", quantity: 1 }],
    idempotencyKey: crypto.randomUUID(),
  });
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  await merchant.eventually(async () => {
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    return current.status === "PAID";
  });
  return order;
}

describe("webhooks", () => {
  it("signs every delivery verifiably; a receiver down for a while gets everything once back; a re-send carries the same id", async () => {
    let secret = "";
    const receiver = await startReceiver(() => secret);
    try {
      const endpoint = await createWebhookEndpoint(
        merchant.ctx,
        admin,
        { url: receiver.url, description: "test", events: ["order.created", "order.paid"] },
        { outbound: loopbackOutbound() },
      );
      secret = endpoint.secret;

      receiver.state.down = true;
      const orders = [await paidOrder(), await paidOrder()];
      await drain({ webhookDelaysMs: [60_000] });
      expect(receiver.received).toHaveLength(0);
      // One try per order: its order.paid waits behind its order.created, in order.
      expect(receiver.state.attempts).toBe(2);
      const waiting = await merchant.ctx.prisma.eventDelivery.findMany({ where: { target: endpoint.id } });
      expect(waiting.map((delivery) => delivery.status)).toEqual(waiting.map(() => "PENDING"));
      expect(
        (await merchant.ctx.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }))
          .failingSince,
      ).toBeInstanceOf(Date);

      // Back up; the retries fall due (made due now rather than waiting out the schedule).
      receiver.state.down = false;
      await merchant.ctx.prisma.eventDelivery.updateMany({
        where: { target: endpoint.id },
        data: { nextAttemptAt: new Date() },
      });
      await drain();
      const mine = receiver.received.filter((event) => orders.some((order) => order.id === event.orderId));
      expect(mine).toHaveLength(4);
      expect(mine.every((event) => event.verified)).toBe(true);
      for (const order of orders) {
        expect(mine.filter((event) => event.orderId === order.id).map((event) => event.type)).toEqual([
          "order.created",
          "order.paid",
        ]);
      }
      expect(
        (await merchant.ctx.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }))
          .failingSince,
      ).toBeNull();

      const created = await merchant.ctx.prisma.outboxEvent.findFirstOrThrow({
        where: { orderId: orders[0]?.id, type: "order.created" },
      });
      const log = await withAttempts(
        merchant.ctx.prisma,
        await merchant.ctx.prisma.eventDelivery.findFirstOrThrow({
          where: { target: endpoint.id, eventId: created.id, eventOccurredAt: created.occurredAt },
        }),
      );
      expect(log.status).toBe("DELIVERED");
      expect(log.attemptsLog.map((attempt) => [attempt.ok, attempt.statusCode])).toEqual([
        [false, 503],
        [true, 200],
      ]);
      expect(log.attemptsLog[1]?.request).toMatchObject({
        url: receiver.url,
        headers: { "webhook-id": log.eventId },
      });
      expect(JSON.stringify(log.attemptsLog)).not.toContain(secret);

      const before = receiver.received.length;
      await resendDelivery(merchant.ctx, admin, log.id);
      await drain();
      expect(receiver.received.slice(before)).toEqual([
        { id: log.eventId, type: "order.created", orderId: orders[0]?.id, verified: true },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("turns off an endpoint that has failed for longer than allowed, and sends it nothing more", async () => {
    const receiver = await startReceiver(() => "");
    try {
      receiver.state.down = true;
      const endpoint = await createWebhookEndpoint(
        merchant.ctx,
        admin,
        { url: receiver.url, description: "", events: ["order.paid"] },
        { outbound: loopbackOutbound() },
      );
      await paidOrder();
      await drain({ webhookDisableAfterMs: 0, webhookDelaysMs: [0, 0, 0] });
      const after = await merchant.ctx.prisma.webhookEndpoint.findUniqueOrThrow({
        where: { id: endpoint.id },
      });
      expect(after.enabled).toBe(false);
      expect(after.disabledReason).toMatch(/^failing since/);
      const attempts = receiver.state.attempts;
      await paidOrder();
      await drain();
      expect(receiver.state.attempts).toBe(attempts);
    } finally {
      await receiver.close();
    }
  });

  it("in production, refuses http:// (to this machine too) and internal hosts; takes https:// to a public host", async () => {
    const production = outboundPolicy({
      httpsOnly: true,
      resolve: async () => [{ address: "93.184.216.34", family: 4 }],
    });
    const add = (url: string) =>
      createWebhookEndpoint(
        merchant.ctx,
        admin,
        { url, description: "", events: [] },
        { outbound: production },
      );
    for (const url of [
      "http://shop.example/hooks",
      "http://10.0.0.5/hooks",
      "http://127.0.0.1:9000/hooks",
      "https://127.0.0.1:9000/hooks",
      "https://[::1]/hooks",
    ]) {
      await expect(add(url), url).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    }
    await expect(add("https://shop.example/hooks")).resolves.toMatchObject({ enabled: true });
  });
});
