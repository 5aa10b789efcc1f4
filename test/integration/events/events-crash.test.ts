// Crashes around the events, with real worker processes (`tsx workers/main.ts events`) killed by
// SIGKILL: between a hook's side effect (the kitchen got the ticket) and its acknowledgement, and
// the app killed right after a status change committed. Two workers deliver side by side. The
// kitchen deduplicates on the ticket's Idempotency-Key (the event id), as the hook's docs ask: every
// paid order's ticket has its effect exactly once, no unpaid order gets one, and a webhook receiver
// sees each order's events in the order they happened.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookEndpoint } from "@/lib/console/webhook-endpoints";
import { createOrder } from "@/lib/payments/orders/create-order";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { createTestOperator, identityOf } from "@/test/support/operators";
import { loopbackOutbound } from "@/test/support/outbound";
import { waitUntil } from "@/test/support/wait";
import {
  deletePrefix,
  SHARED_REDIS_URL,
  spawnWorkerProcess,
  uniquePrefix,
  type WorkerProcess,
  waitForStart,
  workerEnv,
} from "@/test/support/workers";

interface Kitchen {
  url: string;
  /** Effects by ticket (Idempotency-Key): what the kitchen printed, once each. */
  printed: Map<string, { orderId: string }>;
  requests: number;
  /** While set, the kitchen prints, then holds its answer: the moment to kill the worker. */
  holdAnswers: boolean;
  held: number;
  close(): Promise<void>;
}

async function startKitchen(): Promise<Kitchen> {
  const kitchen = { printed: new Map(), requests: 0, holdAnswers: false, held: 0 } as Kitchen;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    kitchen.requests++;
    const key = String(request.headers["idempotency-key"]);
    const ticket = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { orderId: string };
    if (!kitchen.printed.has(key)) kitchen.printed.set(key, { orderId: ticket.orderId });
    if (kitchen.holdAnswers) {
      kitchen.held++;
      return; // printed, never answered: the worker dies waiting
    }
    response.writeHead(200).end("printed");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  kitchen.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tickets`;
  kitchen.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return kitchen;
}

/** A webhook receiver that keeps, per order, the event types in the order they arrived. */
async function startReceiver() {
  const byOrder = new Map<string, string[]>();
  const seen = new Set<string>();
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      id: string;
      type: string;
      orderId: string;
    };
    if (!seen.has(event.id)) {
      seen.add(event.id);
      byOrder.set(event.orderId, [...(byOrder.get(event.orderId) ?? []), event.type]);
    }
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    byOrder,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let merchant: MerchantHarness;
let kitchen: Kitchen;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const prefix = uniquePrefix();
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  [merchant, kitchen, receiver] = await Promise.all([startMerchant(), startKitchen(), startReceiver()]);
  const admin = await createTestOperator(merchant.ctx.prisma, "ADMIN", "no token is made from this");
  await createWebhookEndpoint(
    merchant.ctx,
    identityOf(admin),
    { url: receiver.url, description: "order of events", events: [] },
    { outbound: loopbackOutbound() },
  );
}, 60_000);

afterAll(async () => {
  for (const worker of workers) worker.kill("SIGKILL");
  await Promise.all(workers.map((worker) => worker.exited));
  await Promise.all([kitchen?.close(), receiver?.close()]);
  await deletePrefix(SHARED_REDIS_URL, prefix);
  await merchant?.close();
});

function env() {
  return workerEnv(merchant, {
    redisUrl: SHARED_REDIS_URL,
    prefix,
    // Five seconds, not one: on a busy machine a webhook that times out on its second try waits
    // five minutes for its third (the published schedule), longer than this test. The lease is
    // three timeouts, so the killed workers' tickets go again after 15 s.
    extra: { KITCHEN_TICKET_URL: kitchen.url, HOOK_TIMEOUT_SECONDS: "5", WORKER_SCAN_EVERY_SECONDS: "1" },
  });
}

async function startEventsWorker() {
  const worker = spawnWorkerProcess(env(), ["events"]);
  workers.push(worker);
  await waitForStart(worker);
  return worker;
}

async function newOrder(options: { pay: boolean }) {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "COFFEE", quantity: 1 }],
    idempotencyKey: crypto.randomUUID(),
  });
  if (options.pay) await merchant.sandbox.payAtCashier(order.paymentId as string);
  return order;
}

describe("events through crashes", () => {
  it("every paid order's ticket is printed exactly once, through two workers killed mid-hook and an app killed after its commit", async () => {
    // Orders paid while no worker runs: their events wait in the outbox.
    const paid = await Promise.all(Array.from({ length: 12 }, () => newOrder({ pay: true })));
    const unpaid = await Promise.all(Array.from({ length: 4 }, () => newOrder({ pay: false })));
    await waitUntil(
      async () =>
        (await merchant.ctx.prisma.order.count({
          where: { id: { in: paid.map((o) => o.id) }, status: "PAID" },
        })) === paid.length,
      { timeoutMs: 30_000, what: "the orders to be paid" },
    );

    // The kitchen prints and holds its answers; two workers take tickets and are killed waiting.
    kitchen.holdAnswers = true;
    const [first, second] = [await startEventsWorker(), await startEventsWorker()];
    await waitUntil(async () => kitchen.held >= 2 || undefined, {
      timeoutMs: 30_000,
      what: "tickets in the kitchen",
    });
    first.kill("SIGKILL");
    second.kill("SIGKILL");
    await Promise.all([first.exited, second.exited]);
    const printedBeforeCrash = kitchen.printed.size;
    expect(printedBeforeCrash).toBeGreaterThan(0);

    // The app marks one more order paid and is killed right after the commit.
    const lastOrder = await newOrder({ pay: false });
    const dying = spawn(process.execPath, ["--import", "tsx", "test/support/pay-then-die.ts", lastOrder.id], {
      cwd: path.resolve(import.meta.dirname, "../../.."),
      env: env() as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const killedBy = await new Promise<string | null>((resolve) =>
      dying.once("exit", (_code, signal) => resolve(signal)),
    );
    expect(killedBy).toBe("SIGKILL");
    expect((await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: lastOrder.id } })).status).toBe(
      "PAID",
    );

    // Two new workers; the kitchen answers again. The held tickets' leases pass and they are sent again.
    kitchen.holdAnswers = false;
    await Promise.all([startEventsWorker(), startEventsWorker()]);
    const allPaid = [...paid, lastOrder].map((order) => order.id);
    await waitUntil(
      async () => {
        const delivered = await merchant.ctx.prisma.eventDelivery.count({
          where: { target: "kitchen-ticket", orderId: { in: allPaid }, status: "DELIVERED" },
        });
        return delivered === allPaid.length || undefined;
      },
      { timeoutMs: 60_000, what: "every paid order's ticket delivered" },
    );

    const printedOrders = [...kitchen.printed.values()].map((ticket) => ticket.orderId);
    expect(printedOrders.sort(), "one ticket per paid order, none for an unpaid one").toEqual(
      [...allPaid].sort(),
    );
    expect(unpaid.some((order) => printedOrders.includes(order.id))).toBe(false);
    expect(
      kitchen.requests,
      "tickets sent again after the crash, deduplicated by the kitchen",
    ).toBeGreaterThan(kitchen.printed.size);
    const redelivered = await merchant.ctx.prisma.eventDelivery.count({
      where: { target: "kitchen-ticket", orderId: { in: allPaid }, attempts: { gt: 1 } },
    });
    expect(redelivered).toBeGreaterThanOrEqual(2);

    // The webhook receiver saw each order's events in order, each once. A webhook that a killed
    // worker had sent but not settled waits for its lease to pass and goes again, and the order's
    // later events wait behind it: so wait for every order's last event, not only the newest order's.
    await waitUntil(
      async () =>
        ([...paid, lastOrder].every((order) => receiver.byOrder.get(order.id)?.includes("order.paid")) &&
          unpaid.every((order) => receiver.byOrder.has(order.id))) ||
        undefined,
      { timeoutMs: 60_000, what: "every order's events at the receiver" },
    );
    for (const order of [...paid, lastOrder]) {
      expect(receiver.byOrder.get(order.id), `events of ${order.id}`).toEqual([
        "order.created",
        "order.paid",
      ]);
    }
    for (const order of unpaid) expect(receiver.byOrder.get(order.id)).toEqual(["order.created"]);
  }, 240_000);
});
