// The console's read model on a real streaming replica (test/support/postgres-replica.ts), through the
// console's API as Next.js calls it: with DATABASE_REPLICA_URL set, the order list, its search, the
// CSV export and the dashboard read the replica, and see a write once the replica has applied it;
// refunds, their limits and four eyes, and the order page an action returns to read the primary,
// also while the replica has stopped applying WAL (pg_wal_replay_pause). The replica's lag is a
// metric, and the dashboard says how far behind its figures may be.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectReadModel } from "@/lib/platform/db/read-model";
import { resetEnvForTests } from "@/lib/platform/env";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type StreamingReplica, startStreamingReplica } from "@/test/support/postgres-replica";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { waitUntil } from "@/test/support/wait";

let app: RouteHarness;
let replica: StreamingReplica;
let support: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  // A private primary and its replica; the test database, created on that primary afterwards,
  // reaches the replica through the WAL.
  replica = await startStreamingReplica();
  app = await startRouteHarness({ serverUrl: replica.primaryUrl });
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  await app.db.prisma.role.update({ where: { key: "SUPPORT" }, data: { refundLimitFils: 5_000_000n } });
  [support, finance] = await Promise.all([
    createTestOperator(app.db.prisma, "SUPPORT"),
    createTestOperator(app.db.prisma, "FINANCE"),
  ]);
  // Read when the routes first ask for their settings, which no call has done yet.
  process.env.DATABASE_REPLICA_URL = replica.urlOf(app.db.name);
  resetEnvForTests();
}, 120_000);

afterAll(async () => {
  await disconnectReadModel();
  await replica?.resume().catch(() => {});
  delete process.env.DATABASE_REPLICA_URL;
  await app?.close();
  await replica?.stop();
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

type OrderRow = { id: string; refundedFils: string };

async function listed(orderId: string): Promise<OrderRow | undefined> {
  const page = await json<{ orders: OrderRow[] }>(
    await app.call("GET", `/api/admin/orders?q=${orderId}`, { headers: finance.script() }),
  );
  return page.orders.find((order) => order.id === orderId);
}

async function exported(orderId: string): Promise<boolean> {
  const response = await app.call("GET", "/api/admin/orders/export", { headers: finance.script() });
  return (await response.text()).includes(orderId);
}

async function dashboard() {
  return json<{ readModelLagSeconds: number | null; last30Days: { count: number } }>(
    await app.call("GET", "/api/admin/dashboard", { headers: finance.script() }),
  );
}

function refund(who: TestOperator, orderId: string, amount: string) {
  return app.call("POST", `/api/admin/orders/${orderId}/refunds`, {
    headers: { ...who.browser(app.url), "Idempotency-Key": crypto.randomUUID() },
    json: { amount, reason: "returned" },
  });
}

/** The replica's lag as GET /api/metrics reports it; undefined when the gauge is absent. */
async function lagMetric(): Promise<number | undefined> {
  const text = await (await app.call("GET", "/api/metrics")).text();
  const line = text.split("\n").find((row) => row.startsWith("database_replica_lag_seconds "));
  return line === undefined ? undefined : Number(line.split(" ")[1]);
}

/** Runs `body` with the replica's replay paused, resuming it however `body` ends. */
async function whilePaused(body: () => Promise<void>): Promise<void> {
  await replica.pause();
  try {
    await body();
  } finally {
    await replica.resume();
  }
}

describe("the console on a read replica", () => {
  it("lists, searches and exports what the primary wrote once the replica has applied it", async () => {
    const { orderId } = await app.paidOrder();
    await waitUntil(() => listed(orderId), { timeoutMs: 30_000, what: "the replica to list the order" });
    expect(await exported(orderId)).toBe(true);
    expect(await lagMetric()).toBeGreaterThanOrEqual(0);
  });

  it("reads the replica, not the primary: a paused replica lists nothing new, and the dashboard's counts stay", async () => {
    // Everything written so far applied first: the last test's order may be listed (created) on the
    // replica before its payment is, and would then be counted while the replica is paused below.
    await replica.caughtUp();
    const before = await dashboard();
    await whilePaused(async () => {
      const { orderId } = await app.paidOrder();
      expect(await app.db.prisma.order.count({ where: { id: orderId, status: "PAID" } })).toBe(1);
      expect(await listed(orderId)).toBeUndefined();
      expect(await exported(orderId)).toBe(false);
      expect((await dashboard()).last30Days.count).toBe(before.last30Days.count);
    });
    await replica.caughtUp();
    expect((await dashboard()).last30Days.count).toBe(before.last30Days.count + 1);
  });

  it("decides about money on the primary while the replica is paused: what is refundable, limits, four eyes", async () => {
    const { orderId } = await app.paidOrder(); // 12,000 IQD
    await replica.caughtUp();
    await whilePaused(async () => {
      const first = await json<{ order: { refundedFils: string } }>(
        await refund(finance, orderId, "5000000"),
      );
      expect(first.order.refundedFils).toBe("5000000");
      // The replica still shows nothing refunded; the refundable amount comes from the primary.
      expect((await listed(orderId))?.refundedFils).toBe("0");
      const tooMuch = await refund(finance, orderId, "7000001");
      expect(tooMuch.status).toBe(422);
      expect((await tooMuch.json()).error.code).toBe("AMOUNT_EXCEEDS_REMAINING");
      // The order page an action returns to reads the primary too.
      const detail = await json<{ money: { refundedFils: string; refundableFils: string } }>(
        await app.call("GET", `/api/admin/orders/${orderId}`, { headers: finance.script() }),
      );
      expect(detail.money).toMatchObject({ refundedFils: "5000000", refundableFils: "7000000" });

      // An order, a request above Support's limit and its approval that the replica has never seen.
      const { orderId: fresh } = await app.paidOrder();
      const asked = await refund(support, fresh, "10000000");
      expect(asked.status).toBe(202);
      const { request } = (await asked.json()) as { request: { id: string } };
      const approved = await app.call("POST", `/api/admin/refund-requests/${request.id}/approve`, {
        headers: finance.browser(app.url),
        json: {},
      });
      expect(approved.status).toBe(200);
      expect(await app.db.prisma.refund.count({ where: { orderId: fresh } })).toBe(1);
    });
  });

  it("reports its lag: rising while paused behind the primary's writes, on the metrics and the dashboard, then back to 0", async () => {
    await replica.caughtUp();
    await whilePaused(async () => {
      await app.paidOrder();
      const first = await waitUntil(
        async () => {
          const lag = await lagMetric();
          return lag !== undefined && lag > 0 ? lag : undefined;
        },
        { timeoutMs: 30_000, what: "the lag to show" },
      );
      await waitUntil(async () => ((await lagMetric()) ?? 0) > first + 1, {
        timeoutMs: 30_000,
        what: "the lag to rise",
      });
      expect((await dashboard()).readModelLagSeconds).toBeGreaterThan(first);
    });
    await replica.caughtUp();
    await waitUntil(async () => (await lagMetric()) === 0, { timeoutMs: 30_000, what: "the lag back to 0" });
    expect((await dashboard()).readModelLagSeconds).toBe(0);
  });
});
