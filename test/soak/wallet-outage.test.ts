// Soak: a wallet outage under steady load, end to end through the real routes (in-process), the app's
// own circuit breaker and a reconcile worker. The sandbox's API stops answering for
// WALLET_OUTAGE_SECONDS (30 by default; e.g. WALLET_OUTAGE_SECONDS=5 for a quick run) while a few
// orders a second keep coming. It prints how fast the refused orders were answered (p50, p99, max) and
// how many waited for the wallet's timeout; those depend on the machine and are never asserted. It
// fails only on outcomes: an answer other than 201 or 503 WALLET_UNAVAILABLE, an order lost, failed
// or guessed, a notification not applied during the outage, an order left unsettled afterwards.
// The same behaviour without load or timing is in test/integration/flows/wallet-outage.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { waitUntil } from "@/test/support/wait";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";
import { processReconcile } from "@/workers/reconcile";
import { type RunningWorkers, startWorkers } from "@/workers/start";

const OUTAGE_SECONDS = Number(process.env.WALLET_OUTAGE_SECONDS ?? 30);
const ORDERS_PER_SECOND = 4;
const CLIENT_TIMEOUT_MS = 1_000;
const FAILURES_TO_OPEN = 3;
const HALF_OPEN_AFTER_MS = 3_000;
const CUSTOMERS = 6;

type Phase = "before" | "outage" | "after";
const BASKET = { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] };

interface Sent {
  phase: Phase;
  token: string;
  idempotencyKey: string;
  status: number;
  latencyMs: number;
  body: { orderId?: string; status?: string; error?: { code: string; details?: { orderId?: string } } };
  retryAfter: string | null;
}

const prefix = uniquePrefix();
let app: RouteHarness;
let workers: RunningWorkers;
let sessions: string[];

beforeAll(async () => {
  app = await startRouteHarness({
    extraEnv: {
      QUEUE_PREFIX: prefix,
      WALLET_TIMEOUT_PAY_MS: String(CLIENT_TIMEOUT_MS),
      WALLET_TIMEOUT_INQUIRY_MS: String(CLIENT_TIMEOUT_MS),
      WALLET_TIMEOUT_DEFAULT_MS: String(CLIENT_TIMEOUT_MS),
      WALLET_BREAKER_FAILURES: String(FAILURES_TO_OPEN),
      WALLET_BREAKER_HALF_OPEN_AFTER_MS: String(HALF_OPEN_AFTER_MS),
    },
  });
  // The wallet holds an unanswered request well past the client's timeout.
  await app.sandbox.settings({ timeoutHangMs: 5_000 });
  sessions = [];
  for (let i = 0; i < CUSTOMERS; i++) sessions.push((await app.newSession()).sessionToken);
  // The app process's reconcile worker, on the same breaker as the routes (one per process).
  workers = await startWorkers({
    ctx: getServiceContext(),
    redis: SHARED_REDIS_URL,
    prefix,
    queues: ["reconcile"],
    settings: { ...DEFAULT_JOB_SETTINGS, scanEveryMs: 2_000 },
    concurrency: 4,
  });
});

afterAll(async () => {
  await workers?.close();
  await app?.sandbox.settings({ unresponsive: false });
  await app?.close();
  await deletePrefix(SHARED_REDIS_URL, prefix);
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

describe(`a ${OUTAGE_SECONDS} s wallet outage under ${ORDERS_PER_SECOND} orders a second`, () => {
  it("answers 503 fast with the order kept, keeps receiving notifications, loses nothing and settles everything after", {
    timeout: (OUTAGE_SECONDS + 90) * 1000,
  }, async () => {
    const sent: Sent[] = [];
    const inflight: Promise<void>[] = [];
    let phase: Phase = "before";
    let appliedAfterMs = 0;
    let index = 0;
    const placeOrder = async (orderPhase: Phase, token: string) => {
      const idempotencyKey = crypto.randomUUID();
      const started = performance.now();
      const response = await app.call("POST", "/api/mini/orders", {
        headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": idempotencyKey },
        json: BASKET,
      });
      sent.push({
        phase: orderPhase,
        token,
        idempotencyKey,
        status: response.status,
        latencyMs: performance.now() - started,
        body: (await response.json()) as Sent["body"],
        retryAfter: response.headers.get("retry-after"),
      });
    };
    const load = setInterval(() => {
      inflight.push(placeOrder(phase, sessions[index++ % sessions.length] as string));
    }, 1000 / ORDERS_PER_SECOND);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    try {
      // At least four orders taken before the outage, for customers to pay during it.
      await waitUntil(
        async () => sent.filter((answer) => answer.phase === "before" && answer.status === 201).length >= 4,
        { timeoutMs: 60_000, what: "four orders taken before the outage" },
      );
      const ready = sent.filter((answer) => answer.phase === "before" && answer.status === 201);

      await app.sandbox.settings({ unresponsive: true });
      phase = "outage";
      const outageStarted = Date.now();

      // Halfway through, customers pay orders from before the outage at the cashier: the wallet's
      // notifications of those payments must still be received and applied.
      await sleep((OUTAGE_SECONDS * 1000) / 2);
      const toPay = ready
        .slice(0, 4)
        .map((answer) => answer.body as { orderId: string; redirectionUrl: string });
      for (const order of toPay)
        await app.sandbox.payAtCashier(order.redirectionUrl.split("/").at(-1) as string);
      await waitUntil(
        async () =>
          (await app.db.prisma.order.count({
            where: { id: { in: toPay.map((order) => order.orderId) }, status: "PAID" },
          })) === toPay.length,
        { timeoutMs: 60_000, what: "the payment notifications to make the orders PAID during the outage" },
      );
      appliedAfterMs = Date.now() - outageStarted;
      // The wallet's API is still down: the notifications were applied without it.
      expect((await app.call("GET", "/api/health")).status, "readiness during the outage").toBe(200);

      // Reconciling during the outage gets no answer either (the breaker refuses it, or a trial call
      // times out): the order is left as it is, to be checked again later.
      const waiting = await app.db.prisma.order.findFirstOrThrow({ where: { status: "UNKNOWN" } });
      const result = await processReconcile(workers.ctx, {
        name: "reconcile",
        data: { kind: "order", id: waiting.id },
      });
      const after = await app.db.prisma.order.findUniqueOrThrow({ where: { id: waiting.id } });
      expect(result).toBe("waiting");
      expect(after.status).toBe("UNKNOWN");
      expect(after.reconcileAttempts).toBe(waiting.reconcileAttempts + 1);
      expect(after.nextReconcileAt?.getTime()).toBeGreaterThan(Date.now());

      // The instance stays in rotation; operators see the open breaker in the detailed health.
      expect((await app.call("GET", "/api/health/ready")).status).toBe(200);
      const health = (await (await app.call("GET", "/api/health")).json()) as {
        checks: { wallet: { detail?: { circuitBreaker?: string } } };
      };
      expect(health.checks.wallet.detail?.circuitBreaker).toMatch(/^(open|half-open)$/);

      await sleep(Math.max(0, outageStarted + OUTAGE_SECONDS * 1000 - Date.now()));
      await app.sandbox.settings({ unresponsive: false });
      phase = "after";
      // Until a trial call finds the wallet back and the breaker closes: an order is taken again.
      await waitUntil(async () => sent.some((answer) => answer.phase === "after" && answer.status === 201), {
        timeoutMs: 60_000,
        what: "an order taken once the wallet is back",
      });
    } finally {
      clearInterval(load);
    }
    await Promise.all(inflight);

    // Every answer is an order taken (201), or 503 WALLET_UNAVAILABLE naming the order it kept.
    const during = sent.filter((answer) => answer.phase === "outage");
    const refused = during.filter((answer) => answer.status === 503);
    for (const answer of sent) expect([201, 503], JSON.stringify(answer.body)).toContain(answer.status);
    for (const answer of refused) {
      expect(answer.body.error?.code).toBe("WALLET_UNAVAILABLE");
      expect(answer.retryAfter).toBe("5");
    }
    const slow = during.filter((answer) => answer.status === 201);
    const refusedLatencies = refused.map((answer) => answer.latencyMs);
    console.info(
      `wallet outage ${OUTAGE_SECONDS} s: ${sent.length} orders sent (${during.length} during the outage); ` +
        `503 during the outage: ${refused.length}, p50 ${percentile(refusedLatencies, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(refusedLatencies, 0.99).toFixed(1)} ms, max ${Math.max(...refusedLatencies).toFixed(1)} ms; ` +
        `201 PROCESSING after a ${CLIENT_TIMEOUT_MS} ms timeout (before the breaker opened, or a trial call): ` +
        `${slow.length}; notifications applied ${(appliedAfterMs / 1000).toFixed(1)} s into the outage`,
    );
    // The breaker opened: orders were refused without the wallet (how fast is printed above) …
    expect(refused.length, "orders refused by the open breaker").toBeGreaterThan(0);
    // … and the ones that did wait for the wallet were kept as unknown, never failed.
    for (const answer of slow) expect(answer.body.status).toBe("PROCESSING");

    // No order lost: every order the app answered for is in the database, and there is no other.
    const accepted = sent.map((answer) => answer.body.orderId ?? answer.body.error?.details?.orderId);
    expect(accepted.every(Boolean), "every answer names its order").toBe(true);
    const stored = await app.db.prisma.order.findMany({ select: { id: true, status: true } });
    expect(stored.map((order) => order.id).sort()).toEqual([...accepted].sort());
    // Never guessed: nothing failed or closed for want of an answer.
    expect(stored.filter((order) => order.status === "FAILED" || order.status === "CLOSED")).toEqual([]);

    // The wallet is back: reconciliation settles every order left unknown (the worker's scan gets to
    // each as its backoff lapses; here its processor is run for each, not to wait out the backoff).
    const unsettled = stored.filter((order) => order.status === "CREATED" || order.status === "UNKNOWN");
    for (const order of unsettled) {
      await processReconcile(workers.ctx, { name: "reconcile", data: { kind: "order", id: order.id } });
    }
    const left = await app.db.prisma.order.count({ where: { status: { in: ["CREATED", "UNKNOWN"] } } });
    expect(left, "orders still unsettled after reconciliation").toBe(0);

    // The mini program's retry of a refused order, with its Idempotency-Key, finds that same order,
    // now waiting at the cashier.
    const first = refused[0] as Sent;
    const retry = await app.call("POST", "/api/mini/orders", {
      headers: { Authorization: `Bearer ${first.token}`, "Idempotency-Key": first.idempotencyKey },
      json: BASKET,
    });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({
      orderId: first.body.error?.details?.orderId,
      status: "PENDING",
      redirectionUrl: expect.any(String),
    });
  });
});
