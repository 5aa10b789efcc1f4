// How long an order's later event waits when the receiver of its earlier one is down for 30 s,
// measured in real time with the published retry schedules (lib/platform/queue/retry-schedule.ts) and the
// events worker's production cadence (a drain every second, lib/platform/queue/settings.ts). The
// database's own clock decides when a retry is due, so nothing here can be sped up: the test takes
// about 40 s. A webhook receiver and a hook fail alike while "down"; the order's `order.paid` waits
// behind its `order.created` on each (docs/events.md, "How ordering and retries combine").
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookEndpoint } from "@/lib/console/webhook-endpoints";
import { drainEvents } from "@/lib/events/drain-events";
import { defineHook, hookRegistry } from "@/lib/events/hooks";
import { createOrder } from "@/lib/payments/orders/create-order";
import { DEFAULT_JOB_SETTINGS, eventLeaseMs } from "@/lib/platform/queue/settings";
import { withAttempts, withEvent } from "@/test/support/deliveries";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { createTestOperator, identityOf } from "@/test/support/operators";
import { loopbackOutbound } from "@/test/support/outbound";

const OUTAGE_MS = 30_000;
const TYPES = ["order.created", "order.paid"] as const;

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant.close());

/** When each target got each event, by event type; `down` makes both the receiver and the hook fail. */
const outage = { down: false };
const arrivals = { webhook: new Map<string, number>(), hook: new Map<string, number>() };

async function startReceiver() {
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (outage.down) {
      response.writeHead(503).end("restarting");
      return;
    }
    const { type } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string };
    if (!arrivals.webhook.has(type)) arrivals.webhook.set(type, Date.now());
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const kitchen = defineHook({
  name: "kitchen-restarting",
  event: [...TYPES],
  async handle(event) {
    if (outage.down) throw new Error("the kitchen is restarting");
    if (!arrivals.hook.has(event.type)) arrivals.hook.set(event.type, Date.now());
  },
});

/** The events worker as production runs it: a drain every second, with the default settings. */
function runEventsWorker() {
  const settings = DEFAULT_JOB_SETTINGS;
  const runner = {
    prisma: merchant.ctx.prisma,
    logger: merchant.ctx.logger,
    tokenKey: merchant.ctx.tokenKey,
    services: merchant.ctx,
    hooks: hookRegistry([kitchen]),
    hookTimeoutMs: settings.hookTimeoutMs,
    webhookTimeoutMs: settings.webhookTimeoutMs,
    outbound: loopbackOutbound(),
  };
  const state = { running: true };
  const done = (async () => {
    while (state.running) {
      const started = Date.now();
      await drainEvents(
        runner,
        (type) => ((TYPES as readonly string[]).includes(type) ? [kitchen.name] : []),
        {
          batch: settings.eventBatch,
          leaseMs: eventLeaseMs(settings),
          budgetMs: settings.eventDrainMs,
          hookDelaysMs: settings.hookRetryDelaysMs,
          webhookDelaysMs: settings.webhookRetryDelaysMs,
          webhookDisableAfterMs: settings.webhookDisableAfterMs,
        },
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, settings.eventsEveryMs - (Date.now() - started))),
      );
    }
  })();
  return async () => {
    state.running = false;
    await done;
  };
}

describe("retries and ordering", () => {
  it("a receiver down for 30 s delays the order's later event by well under a minute", async () => {
    const admin = identityOf(await createTestOperator(merchant.ctx.prisma, "ADMIN", "not a real secret"));
    const receiver = await startReceiver();
    await createWebhookEndpoint(
      merchant.ctx,
      admin,
      { url: receiver.url, description: "restarting receiver", events: [...TYPES] },
      { outbound: loopbackOutbound() },
    );
    const { customerId } = await merchant.newCustomer();
    const stopWorker = runEventsWorker();
    try {
      outage.down = true;
      const downAt = Date.now();
      const { order } = await createOrder(merchant.ctx, customerId, {
        flow: "CASHIER",
        items: [{ sku: "COFFEE", quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      });
      await merchant.sandbox.payAtCashier(order.paymentId as string);
      const paid = await merchant.eventually(
        async () =>
          (await merchant.ctx.prisma.outboxEvent.findFirst({
            where: { orderId: order.id, type: "order.paid" },
          })) ?? undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, downAt + OUTAGE_MS - Date.now()));
      outage.down = false;
      const upAt = Date.now();
      await merchant.eventually(
        async () => arrivals.webhook.has("order.paid") && arrivals.hook.has("order.paid"),
        50_000,
      );

      for (const [target, got] of Object.entries(arrivals)) {
        const created = got.get("order.created") as number;
        const paidAt = got.get("order.paid") as number;
        const afterUp = paidAt - upAt;
        const sincePaid = paidAt - paid.occurredAt.getTime();
        console.info(
          `${target}: order.paid arrived ${(afterUp / 1000).toFixed(1)} s after the receiver was back, ` +
            `${(sincePaid / 1000).toFixed(1)} s after it committed (outage ${OUTAGE_MS / 1000} s)`,
        );
        // Still in order: the earlier event first.
        expect(created).toBeLessThanOrEqual(paidAt);
        // The fast first minute retries every 5 s and the worker looks every second: about 6 s at
        // worst, with room for a busy machine. The schedule before this one took about 275 s here.
        expect(afterUp).toBeLessThan(10_000);
        expect(sincePaid).toBeLessThan(OUTAGE_MS + 15_000);
      }
      // The receivers see order.paid before the worker settles that batch (the statuses commit once
      // every delivery in it has answered): read them once settled, or as they stand at the end.
      const readDeliveries = async () => {
        const prisma = merchant.ctx.prisma;
        const rows = await prisma.eventDelivery.findMany({ where: { orderId: order.id } });
        return Promise.all(rows.map(async (row) => withAttempts(prisma, await withEvent(prisma, row))));
      };
      await merchant
        .eventually(async () => (await readDeliveries()).every((delivery) => delivery.status === "DELIVERED"))
        .catch(() => undefined);
      const deliveries = await readDeliveries();
      for (const delivery of deliveries) {
        const times = delivery.attemptsLog.map((attempt) =>
          ((attempt.createdAt.getTime() - downAt) / 1000).toFixed(1),
        );
        console.info(`${delivery.targetKind} ${delivery.event.type}: attempts at ${times.join(", ")} s`);
      }
      expect(deliveries.map((delivery) => delivery.status)).toEqual(deliveries.map(() => "DELIVERED"));
    } finally {
      await stopWorker();
      await receiver.close();
    }
  }, 120_000);
});
