// The app through a real PgBouncer (Debian's, 1.18) in transaction mode, with DATABASE_POOLER's
// setting: orders created and paid through the wallet sandbox, the notification, a refund, the
// outbox drained to a hook, the console's list and CSV export, and more orders at once than
// PgBouncer has server connections. Then why the setting exists: PgBouncer 1.18 does not carry a
// named prepared statement from one server connection to the next, so without it the hand-written
// hot statements fail as soon as a connection is recycled or two clients share a server connection.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportOrdersCsv } from "@/lib/console/orders/export-orders";
import { listOrders } from "@/lib/console/orders/list-orders";
import { orderListQuery } from "@/lib/console/request-schemas";
import { drainEvents } from "@/lib/events/drain-events";
import { defineHook, type Hook, hookRegistry } from "@/lib/events/hooks";
import { createOrder } from "@/lib/payments/orders/create-order";
import { findOrder } from "@/lib/payments/orders/find-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import type { PrismaClient } from "@/lib/platform/db";
import { closePrismaClient, createPrismaClient, poolOf } from "@/lib/platform/db/client";
import type { DatabasePooler } from "@/lib/platform/db/pooler";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { loopbackOutbound } from "@/test/support/outbound";
import { type LocalPgBouncer, startPgBouncer } from "@/test/support/pgbouncer";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

/** Server connections PgBouncer may open to the test database: fewer than the app's pool of 10. */
const POOL_SIZE = 3;

let bouncer: LocalPgBouncer;
let merchant: MerchantHarness;
beforeAll(async () => {
  bouncer = await startPgBouncer({ mode: "transaction", poolSize: POOL_SIZE });
  merchant = await startMerchant({
    sandbox: { settings: { refundDelaySeconds: 0 } },
    // 30 pay calls at once on a busy machine: no order may end unknown for a slow answer.
    walletTimeoutMs: 15_000,
    prismaFor: (url) => createPrismaClient(bouncer.urlFor(url), "pgbouncer"),
  });
}, 60_000);
afterAll(async () => {
  await merchant?.close();
  await bouncer?.stop();
});
restoreSandboxAfterEach(() => merchant?.sandbox);

const basket = [
  { sku: "COFFEE", quantity: 2 },
  { sku: "KLEICHA", quantity: 1 },
];

async function pendingOrder(customerId: string) {
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: basket,
    idempotencyKey: crypto.randomUUID(),
  });
  return order;
}

/** Paid at the wallet's cashier; PAID once the wallet's notification went through our intake. */
async function paid(order: { id: string; paymentId: string | null }) {
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  return merchant.eventually(async () => {
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    return current.status === "PAID" && current;
  });
}

/** Server connections PgBouncer holds to the test database now. */
async function serverConnections(): Promise<number> {
  const row = await bouncer.pool(merchant.db.name);
  return Number(row?.sv_active ?? 0) + Number(row?.sv_idle ?? 0) + Number(row?.sv_used ?? 0);
}

describe("through PgBouncer in transaction mode, with DATABASE_POOLER=pgbouncer", () => {
  it("really goes through PgBouncer, in transaction mode", async () => {
    await merchant.ctx.prisma.order.count();
    expect(await bouncer.pool(merchant.db.name)).toMatchObject({ pool_mode: "transaction" });
    expect(await serverConnections()).toBeGreaterThan(0);
  });

  it("an order is created, paid through the wallet's notification, and refunded", async () => {
    const { customerId } = await merchant.newCustomer();
    const order = await paid(await pendingOrder(customerId));
    expect(order.paidAt).toBeInstanceOf(Date);
    const notification = await merchant.ctx.prisma.notification.findFirstOrThrow({
      where: { orderId: order.id },
    });
    expect(notification.status).toBe("APPLIED");
    const refund = await requestRefund(merchant.ctx, order.id, {
      amountFils: 3_000_000n,
      requestedBy: "operator:test",
    });
    expect(refund.status).toBe("SUCCESS");
    const after = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.refundedFils).toBe(3_000_000n);
  });

  it("the outbox drains to a hook (the dispatcher's transaction-scoped lock included)", async () => {
    const { customerId } = await merchant.newCustomer();
    const order = await paid(await pendingOrder(customerId));
    const seen: string[] = [];
    const hooks = [
      defineHook({
        name: "pgbouncer-test",
        event: "order.paid",
        async handle(event) {
          if (event.orderId === order.id) seen.push(event.type);
        },
      }) as Hook,
    ];
    const runner = {
      prisma: merchant.ctx.prisma,
      logger: merchant.ctx.logger,
      tokenKey: merchant.ctx.tokenKey,
      services: merchant.ctx,
      hooks: hookRegistry(hooks),
      hookTimeoutMs: 2_000,
      webhookTimeoutMs: 2_000,
      outbound: loopbackOutbound(),
    };
    const settings = {
      batch: 50,
      leaseMs: 30_000,
      budgetMs: 10_000,
      hookDelaysMs: [0, 0],
      webhookDelaysMs: [0],
      webhookDisableAfterMs: 60_000,
    };
    const totals = await drainEvents(
      runner,
      (type) => (type === "order.paid" ? ["pgbouncer-test"] : []),
      settings,
    );
    expect(totals.delivered).toBeGreaterThan(0);
    expect(seen).toEqual(["order.paid"]);
    const pending = await merchant.ctx.prisma.outboxEvent.count({ where: { dispatchedAt: null } });
    expect(pending).toBe(0);
  });

  it("the console's order list and CSV export read through it", async () => {
    const { customerId } = await merchant.newCustomer();
    const order = await paid(await pendingOrder(customerId));
    const page = await listOrders(merchant.ctx.prisma, orderListQuery.parse({ limit: "100" }));
    expect(page.orders.map((row) => row.id)).toContain(order.id);
    // The export's own small pool (raw-pool.ts), pointed at PgBouncer too.
    const pool = new pg.Pool({ connectionString: bouncer.urlFor(merchant.db.url), max: 2 });
    try {
      const csv = await new Response(
        exportOrdersCsv(merchant.ctx.prisma, pool, orderListQuery.parse({}), { withPeople: false }),
      ).text();
      expect(csv).toContain(`${order.id},`);
    } finally {
      await pool.end();
    }
  });

  it("30 orders at once over 3 server connections: all paid, PgBouncer queues the rest", async () => {
    const customers = await Promise.all([1, 2, 3].map(() => merchant.newCustomer()));
    const orders = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        pendingOrder((customers[i % 3] as { customerId: string }).customerId),
      ),
    );
    // The app's pool opened more client connections than PgBouncer has server connections ...
    expect(poolOf(merchant.ctx.prisma)?.totalCount).toBeGreaterThan(POOL_SIZE);
    const paidOrders = await Promise.all(orders.map((order) => paid(order)));
    expect(paidOrders.every((order) => order.status === "PAID")).toBe(true);
    // ... and PostgreSQL never saw more than the pool size from it.
    expect(await serverConnections()).toBeLessThanOrEqual(POOL_SIZE);
    const calls = await merchant.walletCalls("pay");
    expect(calls).toBeGreaterThanOrEqual(30);
  });
});

/** A second client to the test database through PgBouncer, set up as `pooler` says. */
async function withClient(pooler: DatabasePooler, use: (prisma: PrismaClient) => Promise<void>) {
  const prisma = createPrismaClient(bouncer.urlFor(merchant.db.url), pooler);
  try {
    await use(prisma);
  } finally {
    await closePrismaClient(prisma);
  }
}

describe("what the setting prevents: named prepared statements on PgBouncer 1.18", () => {
  let orderId: string;
  beforeAll(async () => {
    const { customerId } = await merchant.newCustomer();
    orderId = (await pendingOrder(customerId)).id;
  });

  it("server connections recycled (server_lifetime): without it the next read of the order fails", async () => {
    await withClient("none", async (prisma) => {
      expect((await findOrder(prisma, { id: orderId }))?.id).toBe(orderId);
      // One client connection, which has the statement prepared; its server connection goes away.
      expect(poolOf(prisma)?.totalCount).toBe(1);
      await bouncer.recycle(merchant.db.name);
      await expect(findOrder(prisma, { id: orderId })).rejects.toThrow(
        /prepared statement "run_sql_[0-9a-f]+" does not exist/,
      );
    });
    await withClient("pgbouncer", async (prisma) => {
      expect((await findOrder(prisma, { id: orderId }))?.id).toBe(orderId);
      await bouncer.recycle(merchant.db.name);
      expect((await findOrder(prisma, { id: orderId }))?.id).toBe(orderId);
    });
  });

  it("two clients on one server connection: without it the second cannot prepare", async () => {
    const single = await startPgBouncer({ mode: "transaction", poolSize: 1 });
    const client = (pooler: DatabasePooler) => createPrismaClient(single.urlFor(merchant.db.url), pooler);
    try {
      const plain = client("none");
      try {
        // Two client connections at once, one server connection: both send the same name.
        const reads = await Promise.allSettled([
          findOrder(plain, { id: orderId }),
          findOrder(plain, { id: orderId }),
        ]);
        expect(reads.map((read) => read.status).sort()).toEqual(["fulfilled", "rejected"]);
        expect(
          String((reads.find((read) => read.status === "rejected") as PromiseRejectedResult).reason),
        ).toMatch(/prepared statement "run_sql_[0-9a-f]+" already exists/);
      } finally {
        await closePrismaClient(plain);
      }
      const pooled = client("pgbouncer");
      try {
        const reads = await Promise.all([
          findOrder(pooled, { id: orderId }),
          findOrder(pooled, { id: orderId }),
        ]);
        expect(reads.map((order) => order?.id)).toEqual([orderId, orderId]);
      } finally {
        await closePrismaClient(pooled);
      }
    } finally {
      await single.stop();
    }
  });
});
