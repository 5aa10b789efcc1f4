// A real crash between the order's commit and the wallet's answer: the production server is killed
// (SIGKILL) while its `pay` is at the wallet — the wallet has created the payment, its answer has not
// come back (the sandbox's TIMEOUT fault holds it). Started again, with the bundled reconcile worker
// beside it, the order is settled from the wallet's answer to an inquiry under the same
// paymentRequestId: one payment at the wallet, the order waiting at the cashier, then PAID when the
// customer pays, and the mini program's retry of its request finds that same order.
// The wrong implementation this catches: a re-send of `pay` under a new paymentRequestId (tried by
// building the re-send's request with a fresh id in reconcile-order.ts: the wallet created a second
// payment and the order was settled against it, not the one the killed app had asked for).
// Needs a production build (`npm run build`).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
let restarted: RunningApp | undefined;
let workers: ChildProcess | undefined;
const prefix = uniquePrefix();

beforeAll(async () => {
  if (!existsSync("dist/workers.mjs")) throw new Error("run `npm run build` first");
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox, extraEnv: { QUEUE_PREFIX: prefix } });
}, 120_000);

afterAll(async () => {
  workers?.kill("SIGTERM");
  await app?.close();
  await restarted?.close();
  await sandbox?.close();
  await db?.drop();
  await deletePrefix(SHARED_REDIS_URL, prefix);
});

interface WalletPayment {
  paymentId: string;
  paymentRequestId: string;
  status: string;
}

const paymentsAtWallet = () =>
  sandbox.control<WalletPayment[]>("GET", `/sandbox/payments?clientId=${sandbox.merchant.clientId}`);

describe("the app killed between the order's commit and the wallet's answer", () => {
  it("settles the order by reconciliation after a restart, with the same ids, once", async () => {
    const first = app as RunningApp;
    const { userId } = await sandbox.createUser();
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
    const session = (await (
      await fetch(`${first.url}/api/mini/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ authCode }),
      })
    ).json()) as { sessionToken: string };
    const headers = {
      authorization: `Bearer ${session.sessionToken}`,
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    };
    const basket = JSON.stringify({ flow: "CASHIER", items: [{ sku: "DATES", quantity: 1 }] });

    // The wallet will do the work and then hold its answer, longer than the test lets the app live.
    await sandbox.settings({ timeoutHangMs: 20_000 });
    await sandbox.setFault("pay", "TIMEOUT");
    const before = (await paymentsAtWallet()).length;
    const answer = fetch(`${first.url}/api/mini/orders`, { method: "POST", headers, body: basket }).then(
      (response) => response.status,
      () => "no answer" as const,
    );
    // The moment: our order is committed and the wallet has created its payment, whose answer is
    // still on its way.
    const committed = await waitUntil(() => db.prisma.order.findFirst({ where: { status: "CREATED" } }), {
      timeoutMs: 30_000,
      what: "the order committed before its pay",
    });
    const atWallet = await waitUntil(
      async () =>
        (await paymentsAtWallet()).find((payment) => payment.paymentRequestId === committed.paymentRequestId),
      { timeoutMs: 30_000, what: "the wallet to create the payment" },
    );
    await first.crash();
    expect(await answer, "what the mini program got from the killed app").toBe("no answer");
    expect(
      await db.prisma.order.findUniqueOrThrow({ where: { id: committed.id } }),
      "the order as the crash left it",
    ).toMatchObject({ status: "CREATED", paymentId: null });

    // Started again (same address and secrets), with the reconcile worker of the release. The order's
    // first check is due 30 s after its insert: moved to now, so the test need not wait for it.
    restarted = await startNextApp({
      databaseUrl: db.url,
      sandbox,
      port: Number(new URL(first.url).port),
      extraEnv: {
        QUEUE_PREFIX: prefix,
        SESSION_SECRET: first.env.SESSION_SECRET as string,
        TOKEN_ENCRYPTION_KEY: first.env.TOKEN_ENCRYPTION_KEY as string,
        NEXTAUTH_SECRET: first.env.NEXTAUTH_SECRET as string,
      },
    });
    await db.prisma.order.update({ where: { id: committed.id }, data: { nextReconcileAt: new Date() } });
    workers = spawn(process.execPath, ["dist/workers.mjs", "reconcile"], {
      env: { ...process.env, ...restarted.env, WORKER_SCAN_EVERY_SECONDS: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });

    const settled = await waitUntil(
      async () => {
        const order = await db.prisma.order.findUniqueOrThrow({ where: { id: committed.id } });
        return order.status === "PENDING" && order;
      },
      { timeoutMs: 60_000, what: "reconciliation to settle the order" },
    );
    expect(settled).toMatchObject({
      paymentRequestId: committed.paymentRequestId,
      paymentId: atWallet.paymentId,
      redirectionUrl: expect.stringContaining(atWallet.paymentId),
    });
    const payments = await paymentsAtWallet();
    expect(payments.length - before, "payments the wallet holds for the one order").toBe(1);

    // The mini program retries its request with the same key: the same order, at the cashier.
    const retry = await fetch(`${restarted.url}/api/mini/orders`, { method: "POST", headers, body: basket });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ orderId: committed.id, status: "PENDING" });

    // The customer pays: the wallet's notification reaches the restarted app.
    await sandbox.payAtCashier(atWallet.paymentId);
    await waitUntil(
      async () =>
        (await db.prisma.order.findUniqueOrThrow({ where: { id: committed.id } })).status === "PAID",
      { timeoutMs: 30_000, what: "the order to be PAID" },
    );
  }, 180_000);
});
