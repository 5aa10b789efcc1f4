// A wallet that stops answering, step by step through the real routes (in-process) and the app's own
// circuit breaker, each step waiting for what it needs (an answer, a state), never for the clock:
//   - orders whose `pay` times out are kept as unknown (201 PROCESSING) until the breaker opens;
//   - then orders are answered 503 WALLET_UNAVAILABLE with the order kept, and nothing is sent to the
//     wallet for them (no exchange in the wallet-call log);
//   - the wallet's notifications are still received and applied, and readiness stays green;
//   - once the wallet is back, an order is taken again, reconciliation settles every unknown order,
//     and the mini program's retry with its Idempotency-Key finds the very order it was refused.
// The same under steady load for 30 s, with the latencies printed, is test/soak/wallet-outage.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { waitUntil } from "@/test/support/wait";
import { processReconcile } from "@/workers/reconcile";

// Every wallet call in this file has this long, the ones before and after the outage too: generous
// enough that a loaded CI machine never times out an exchange the test expects to be answered.
const CLIENT_TIMEOUT_MS = 2_000;
const FAILURES_TO_OPEN = 2;
// Long enough that the breaker, once open, stays open while the test sends its refused orders.
const HALF_OPEN_AFTER_MS = 5_000;
const BASKET = { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] };

interface Answer {
  status: number;
  idempotencyKey: string;
  body: {
    orderId?: string;
    status?: string;
    redirectionUrl?: string;
    error?: { code: string; details?: { orderId?: string } };
  };
  retryAfter: string | null;
}

let app: RouteHarness;
let token: string;

beforeAll(async () => {
  app = await startRouteHarness({
    extraEnv: {
      WALLET_TIMEOUT_PAY_MS: String(CLIENT_TIMEOUT_MS),
      WALLET_TIMEOUT_INQUIRY_MS: String(CLIENT_TIMEOUT_MS),
      WALLET_TIMEOUT_DEFAULT_MS: String(CLIENT_TIMEOUT_MS),
      WALLET_BREAKER_FAILURES: String(FAILURES_TO_OPEN),
      WALLET_BREAKER_HALF_OPEN_AFTER_MS: String(HALF_OPEN_AFTER_MS),
    },
  });
  // The wallet holds an unanswered request well past the client's timeout.
  await app.sandbox.settings({ timeoutHangMs: 3 * CLIENT_TIMEOUT_MS });
  token = (await app.newSession()).sessionToken;
});

afterAll(async () => {
  await app?.sandbox.settings({ unresponsive: false });
  await app?.close();
});

async function placeOrder(idempotencyKey = crypto.randomUUID()): Promise<Answer> {
  const response = await app.call("POST", "/api/mini/orders", {
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": idempotencyKey },
    json: BASKET,
  });
  return {
    status: response.status,
    idempotencyKey,
    body: (await response.json()) as Answer["body"],
    retryAfter: response.headers.get("retry-after"),
  };
}

const breakerState = () => getServiceContext().wallet.breaker?.state;

describe("a wallet that stops answering", () => {
  it("keeps every order, refuses fast while the breaker is open, keeps taking notifications, and settles everything after", {
    timeout: 90_000,
  }, async () => {
    const before = await placeOrder();
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.status).toBe("PENDING");

    await app.sandbox.settings({ unresponsive: true });
    try {
      // Orders whose pay times out: kept, answered PROCESSING, until the breaker has seen enough silence.
      const timedOut: Answer[] = [];
      while (breakerState() !== "open") {
        const answer = await placeOrder();
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.status, "an order whose pay got no answer").toBe("PROCESSING");
        timedOut.push(answer);
        expect(timedOut.length, "orders it took to open the breaker").toBeLessThanOrEqual(FAILURES_TO_OPEN);
      }

      // With the breaker open: 503 WALLET_UNAVAILABLE, the order kept, and nothing sent to the wallet.
      const refused = [await placeOrder(), await placeOrder(), await placeOrder()];
      for (const answer of refused) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body.error?.code).toBe("WALLET_UNAVAILABLE");
        expect(answer.retryAfter).toBe("5");
        // The wallet-call log holds exchanges with the wallet only: none for the refused order.
        const orderId = answer.body.error?.details?.orderId as string;
        expect(orderId, "the refused order's id").toBeTruthy();
        expect(await app.db.prisma.walletCall.count({ where: { orderId } }), "pay calls sent for it").toBe(0);
      }

      // The customer of the order from before pays at the cashier: the wallet's notification is
      // received and applied while its API is down, and this instance stays in rotation.
      await app.sandbox.payAtCashier(before.body.redirectionUrl?.split("/").at(-1) as string);
      await waitUntil(
        async () =>
          (await app.db.prisma.order.findUniqueOrThrow({ where: { id: before.body.orderId } })).status ===
          "PAID",
        { timeoutMs: 30_000, what: "the payment notification to make the order PAID during the outage" },
      );
      expect((await app.call("GET", "/api/health/ready")).status).toBe(200);
      const health = (await (await app.call("GET", "/api/health")).json()) as {
        checks: { wallet: { state?: string; detail?: { circuitBreaker?: string } } };
      };
      expect(health.checks.wallet).toMatchObject({
        state: "unreachable",
        detail: { circuitBreaker: "open" },
      });

      await app.sandbox.settings({ unresponsive: false });
      // Once the cool-down lapses a trial call finds the wallet back, closes the breaker, and the
      // order is taken; until then orders are refused (and kept) as before.
      const taken = await waitUntil(
        async () => {
          const answer = await placeOrder();
          return answer.status === 201 && answer;
        },
        { timeoutMs: 60_000, what: "an order taken once the wallet is back", intervalMs: 500 },
      );
      expect(taken.body.status).toBe("PENDING");
      expect(breakerState()).toBe("closed");

      // Nothing failed or closed for want of an answer; reconciliation settles every unknown order.
      const ctx = getServiceContext();
      const unsettled = await app.db.prisma.order.findMany({
        where: { status: { in: ["CREATED", "UNKNOWN"] } },
        select: { id: true },
      });
      expect(unsettled.length, "orders left unknown by the outage").toBeGreaterThanOrEqual(
        timedOut.length + refused.length,
      );
      expect(await app.db.prisma.order.count({ where: { status: { in: ["FAILED", "CLOSED"] } } })).toBe(0);
      for (const order of unsettled) {
        await processReconcile(ctx, { name: "reconcile", data: { kind: "order", id: order.id } });
      }
      expect(await app.db.prisma.order.count({ where: { status: { in: ["CREATED", "UNKNOWN"] } } })).toBe(0);

      // The mini program retries a refused order with its key: the same order, now at the cashier.
      const first = refused[0] as Answer;
      const retry = await placeOrder(first.idempotencyKey);
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({
        orderId: first.body.error?.details?.orderId,
        status: "PENDING",
        redirectionUrl: expect.any(String),
      });
    } finally {
      await app.sandbox.settings({ unresponsive: false });
    }
  });
});
