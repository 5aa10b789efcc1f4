// The billing worker killed mid-run: real worker processes (`tsx workers/main.ts subscriptions
// reconcile`) charging a month of renewals are SIGKILLed at random moments, twice, while the wallet
// answers some charges U and lets others time out (the charge happens, the answer is lost). A third
// worker finishes. Counted at the wallet: every due period of an active subscription charged exactly
// once, and none of a paused, cancelled or ending one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { seedDueSubscriptions, subscriber, walletCharges } from "@/test/support/subscriptions";
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

/** 1,000 in the acceptance run (CRASH_SUBSCRIPTIONS=1000); fewer by default on a shared machine. */
const DUE = Number(process.env.CRASH_SUBSCRIPTIONS ?? 300);
const CUSTOMERS = 20;

let merchant: MerchantHarness;
const prefix = uniquePrefix();
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  merchant = await startMerchant({
    sandbox: {
      // Tokens that outlive the run; a timed-out charge is held 3 s, past our 2 s client timeout.
      settings: {
        accessTokenTtlSeconds: 30 * 86_400,
        refreshTokenTtlSeconds: 60 * 86_400,
        timeoutHangMs: 3_000,
      },
    },
  });
});
afterAll(async () => {
  for (const worker of workers) worker.kill("SIGKILL");
  await deletePrefix(SHARED_REDIS_URL, prefix);
  await merchant?.close();
});

function startWorker(): WorkerProcess {
  const worker = spawnWorkerProcess(
    workerEnv(merchant, { redisUrl: SHARED_REDIS_URL, prefix, extra: { WORKER_SCAN_EVERY_SECONDS: "1" } }),
    ["subscriptions", "reconcile"],
  );
  workers.push(worker);
  return worker;
}

const randomMs = (from: number, to: number) => from + Math.floor(Math.random() * (to - from));

describe("the billing worker SIGKILLed mid-run", () => {
  it("charges every due period exactly once at the wallet, and nothing paused, cancelled or ending", async () => {
    const customers: string[] = [];
    for (let index = 0; index < CUSTOMERS; index++) customers.push((await subscriber(merchant)).customerId);
    const active = await seedDueSubscriptions(merchant, {
      customers,
      count: DUE,
      status: "ACTIVE",
      tag: "due",
    });
    const untouchable = [
      ...(await seedDueSubscriptions(merchant, { customers, count: 20, status: "PAUSED", tag: "paused" })),
      ...(await seedDueSubscriptions(merchant, { customers, count: 20, status: "CANCELLED", tag: "gone" })),
      ...(await seedDueSubscriptions(merchant, {
        customers,
        count: 20,
        status: "ACTIVE",
        cancelAtPeriodEnd: true,
        tag: "ending",
      })),
    ];
    await merchant.sandbox.setFault("pay", "U", 25);
    await merchant.sandbox.setFault("pay", "TIMEOUT", 10);

    for (let kill = 1; kill <= 2; kill++) {
      const worker = startWorker();
      await waitForStart(worker, 60_000);
      await new Promise((resolve) => setTimeout(resolve, randomMs(500, 4_000)));
      worker.kill("SIGKILL");
      expect(await worker.exited).toBe("SIGKILL");
    }
    const paidSoFar = await merchant.db.prisma.subscriptionPeriod.count({
      where: { number: 2, status: "PAID" },
    });
    expect(paidSoFar, "the killed workers left work to finish").toBeLessThan(DUE);

    const last = startWorker();
    await waitForStart(last, 60_000);
    await waitUntil(
      async () =>
        (await merchant.db.prisma.subscriptionPeriod.count({ where: { number: 2, status: "PAID" } })) === DUE,
      { timeoutMs: 280_000, intervalMs: 1_000, what: "every due period of an active subscription paid" },
    );

    const payments = await merchant.sandbox.control<{ paymentRequestId: string; status: string }[]>(
      "GET",
      `/sandbox/payments?clientId=${encodeURIComponent(merchant.sandbox.merchant.clientId)}`,
    );
    const successesByPeriod = new Map<string, number>();
    for (const payment of payments.filter((p) => p.status === "SUCCESS")) {
      const period = payment.paymentRequestId.replace(/_\d+$/, "");
      successesByPeriod.set(period, (successesByPeriod.get(period) ?? 0) + 1);
    }
    const key = (id: string) => `sub_${id.replaceAll("-", "")}_2`;
    expect(active.filter((id) => successesByPeriod.get(key(id)) !== 1)).toEqual([]);
    expect([...successesByPeriod.values()].every((count) => count === 1)).toBe(true);
    for (const id of untouchable) expect((await walletCharges(merchant, id)).all, id).toEqual([]);
    // Each paid period scheduled its successor once; the ending ones were voided and cancelled.
    expect(await merchant.db.prisma.subscriptionPeriod.count({ where: { number: 3 } })).toBe(DUE);
    const ending = await merchant.db.prisma.subscription.findMany({
      where: { idempotencyKey: { startsWith: "ending-" } },
    });
    expect(ending.every((subscription) => subscription.status === "CANCELLED")).toBe(true);
  }, 600_000);
});
