// Beyond one host (issue 33): the production release in the topology docs/deployment.md describes —
// HAProxy in front of three app instances, two worker processes of each worker group, a Redis Cluster
// of three primaries with a replica each, the sandbox as the wallet — under a mixed load of a few
// minutes (orders created and paid at the cashier, the wallet's notifications, refunds, console reads
// with an API key; clients re-sending with the same Idempotency-Key on errors), while in turn a Redis
// primary is killed (its replica takes over), an app instance is SIGKILLed (HAProxy routes around
// it), a worker is SIGKILLed, and the console's streaming replica is paused when there is one.
// Afterwards nothing may be lost or doubled: one order per key and every answer naming it, one wallet
// payment per order, paid here ⇔ paid at the wallet, one refund per key and the same totals on both
// sides, one order.paid event and one kitchen ticket per paid order, and every request answered in
// the end. Latency around each failover and the time to recover are printed (BENCHMARKS.md), never
// asserted. Needs `npm run build` and /usr/sbin/haproxy. Run with `npm run test:topology`.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKey } from "@/lib/operators/api-keys/manage-api-keys";
import { withAttempts } from "@/test/support/deliveries";
import { createTestOperator, identityOf } from "@/test/support/operators";
import { waitUntil } from "@/test/support/wait";
import { installedRelease } from "../production/release";
import { databaseTier } from "./database-tier";
import { errorKinds, type Failover, formatSummary, hookDelays, summarize } from "./failover-report";
import { hookProblems, orderProblems, paymentProblems, readBooks, refundProblems } from "./invariants";
import {
  consoleLoop,
  customerLoop,
  type LoadRecord,
  type LoadTarget,
  newLoadRecord,
  refundLoop,
} from "./load";
import { type Stack, startStack } from "./stack";

const release = installedRelease(inject("releaseDir"));
const CUSTOMERS = 5;
const WARM_UP_MS = 25_000;
const PHASE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(release, databaseTier);
  console.log(`topology: ${stack.database.pieces.join(", ")}`);
});

afterAll(async () => {
  await stack?.stop();
});

async function operatorCredentials() {
  const prisma = stack.db.prisma;
  const finance = await createTestOperator(prisma, "FINANCE", stack.nextAuthSecret);
  const admin = await createTestOperator(prisma, "ADMIN", stack.nextAuthSecret);
  const key = await createApiKey({ prisma, now: () => new Date() }, identityOf(admin, "ADMIN"), {
    name: "topology test reads",
    role: "VIEWER",
    expiresInDays: 1,
  });
  return { refunds: finance.script(), apiKey: key.secret };
}

/** The Redis primary that serves the refund poll queue: killed, and the time its replica took over. */
async function killRedisPrimary(): Promise<Failover> {
  const port = await stack.cluster.primaryPortOf("{bull-refund-poll}");
  const at = Date.now();
  await stack.cluster.kill(port);
  await stack.cluster.waitUntilTakenOver(port);
  return {
    name: `Redis primary :${port} killed (SIGKILL)`,
    at,
    notes: [`the cluster was whole again (replica promoted) after ${Date.now() - at} ms`],
  };
}

async function killApp(): Promise<Failover> {
  const app = stack.apps[1] as Stack["apps"][0];
  const at = Date.now();
  await app.process.stop("SIGKILL");
  const down = await waitUntil(
    async () =>
      stack.haproxy.stateChanges().some((line) => line.includes(`${app.name} is DOWN`)) && Date.now(),
    { timeoutMs: 20_000, what: `HAProxy to take ${app.name} out`, intervalMs: 20 },
  ).catch(() => undefined);
  return {
    name: `app instance ${app.name} killed (SIGKILL)`,
    at,
    notes: [`HAProxy took it out of rotation after ${down === undefined ? "–" : `${down - at} ms`}`],
  };
}

async function killWorker(): Promise<Failover> {
  const worker = stack.workers[0] as Stack["workers"][0];
  const at = Date.now();
  await worker.process.stop("SIGKILL");
  return { name: `worker ${worker.name} killed (SIGKILL)`, at, notes: [] };
}

async function pauseReplica(replica: NonNullable<Stack["database"]["replica"]>): Promise<Failover> {
  const at = Date.now();
  await replica.pause();
  return { name: "console's streaming replica paused (pg_wal_replay_pause)", at, notes: [] };
}

/** Waits (up to two minutes) for the work in flight to finish; whatever is still missing is lost. */
async function settle(record: LoadRecord) {
  const prisma = stack.db.prisma;
  const paid = [...record.orders.values()].filter((o) => o.paidAtCashier).flatMap((o) => [...o.orderIds]);
  await waitUntil(
    async () => {
      const unsettled = await prisma.order.count({ where: { id: { in: paid }, status: { not: "PAID" } } });
      const refunds = await prisma.refund.count({
        where: { status: { in: ["CREATED", "PROCESSING", "UNKNOWN"] } },
      });
      const tickets = new Set([...stack.kitchen.tickets.values()].map((ticket) => ticket.orderId));
      const paidOrders = await prisma.order.findMany({ where: { status: "PAID" }, select: { id: true } });
      return unsettled === 0 && refunds === 0 && paidOrders.every((order) => tickets.has(order.id));
    },
    { timeoutMs: 120_000, what: "the run's work to settle", intervalMs: 1_000 },
  ).catch((error: Error) => console.log(`topology: ${error.message}; checking what there is`));
}

async function runLoad(record: LoadRecord, stopped: () => boolean) {
  const credentials = await operatorCredentials();
  const target: LoadTarget = { url: stack.url, db: stack.db, sandbox: stack.sandbox, record, stopped };
  return Promise.all([
    ...Array.from({ length: CUSTOMERS }, (_, index) => customerLoop(target, index)),
    refundLoop(target, credentials.refunds),
    consoleLoop(target, credentials.apiKey),
  ]);
}

/** Hook deliveries that took more than one try, and why: what the failovers cost the hooks. */
async function retriedHooks(): Promise<string> {
  const deliveries = await stack.db.prisma.eventDelivery.findMany({
    where: { targetKind: "HOOK", attempts: { gt: 1 } },
  });
  const retried = await Promise.all(deliveries.map((delivery) => withAttempts(stack.db.prisma, delivery)));
  const reasons = new Map<string, number>();
  for (const delivery of retried) {
    for (const attempt of delivery.attemptsLog.filter((logged) => !logged.ok)) {
      const reason = `${delivery.target}: ${(attempt.response ?? "no error kept").slice(0, 120)}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  return `hook deliveries tried more than once: ${retried.length}${[...reasons]
    .map(([reason, count]) => `\n  ${reason} ×${count}`)
    .join("")}`;
}

async function report(record: LoadRecord, failovers: Failover[]) {
  const orders = await stack.db.prisma.order.findMany({ where: { paidAt: { not: null } } });
  const paidAt = new Map(orders.map((order) => [order.id, (order.paidAt as Date).getTime()]));
  const delays = hookDelays(stack.kitchen, paidAt);
  const answered = record.attempts.filter((attempt) => attempt.ok).length;
  console.log(
    [
      `topology: ${record.orders.size} orders, ${record.refunds.size} refunds, ${answered} answered requests of ` +
        `${record.attempts.length} sent (${stack.database.pieces.join(", ")})`,
      `failed attempts over the whole run (each re-sent): ${errorKinds(record.attempts) || "none"}`,
      ...failovers.map((failover) => formatSummary(summarize(record, failover, delays))),
      await retriedHooks(),
      `HAProxy's instance state changes:${stack.haproxy
        .stateChanges()
        .map((line) => `\n  ${line.slice(0, 110)}`)
        .join("")}`,
    ].join("\n"),
  );
}

/** The app's own log lines for the first 500 answers (by the reference each named). */
function explainInternalErrors(record: LoadRecord) {
  for (const reference of record.internalErrors.slice(0, 3)) {
    const lines = stack.processes().flatMap((started) => started.linesWith(reference));
    console.log(`topology: 500 ${reference}:\n${lines.map((line) => line.slice(0, 1_500)).join("\n")}`);
  }
}

describe("the topology of docs/deployment.md under load, through failovers", () => {
  it("loses and doubles nothing: orders, payments, refunds, events, hooks", async () => {
    const record = newLoadRecord();
    let stop = false;
    const load = runLoad(record, () => stop);
    const failovers: Failover[] = [];
    await sleep(WARM_UP_MS);
    failovers.push(await killRedisPrimary());
    await sleep(PHASE_MS);
    failovers.push(await killApp());
    await sleep(PHASE_MS);
    failovers.push(await killWorker());
    await sleep(PHASE_MS);
    const replica = stack.database.replica;
    if (replica) {
      failovers.push(await pauseReplica(replica));
      await sleep(PHASE_MS / 2);
      await replica.resume();
      await sleep(PHASE_MS / 2);
    }
    stop = true;
    const stoppedAt = Date.now();
    failovers.forEach((failover, index) => {
      failover.until = failovers[index + 1]?.at ?? stoppedAt;
    });
    await load;
    const settling = Date.now();
    await settle(record);
    console.log(
      `topology: the clients finished ${settling - stoppedAt} ms after the load stopped; ` +
        `the work in flight settled ${Date.now() - settling} ms later`,
    );
    await report(record, failovers);
    explainInternalErrors(record);

    expect(record.unrecovered, "requests never answered, or refused for good").toEqual([]);
    expect(record.cashierFailures, "payments the cashier refused").toEqual([]);
    const books = await readBooks(stack.db.prisma, stack.sandbox);
    expect(orderProblems(record, books), "orders lost or doubled").toEqual([]);
    expect(paymentProblems(record, books), "wallet payments per order").toEqual([]);
    expect(refundProblems(record, books), "refunds lost or doubled").toEqual([]);
    expect(hookProblems(books, stack.kitchen), "events and hooks once per paid order").toEqual([]);
    const paidOrders = books.orders.filter((order) => order.status === "PAID").length;
    expect(paidOrders, "orders were paid during the run").toBeGreaterThan(10);
    expect(books.refunds.length, "refunds were made during the run").toBeGreaterThan(3);
  });
});
