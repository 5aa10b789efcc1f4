// A sandbox that a test run left days in the future must not quietly break the next session: the
// clock can go back to real time, the whole state can start over (keeping the wallet key and the
// merchants), and both are visible where a developer looks (status page, start-up output).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { formatWalletTime } from "@/lib/wallet/signature";
import { startSandbox } from "@/sandbox/server";
import { type NotifyReceiver, startNotifyReceiver } from "@/test/support/notify-receiver";
import { ControlApiError, startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";

let sandbox: TestSandbox;
let receiver: NotifyReceiver;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  receiver = await startNotifyReceiver("hang");
});
afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
});

/** A cashier payment whose expiry the merchant set from its own real clock, 15 minutes ahead. */
async function cashierPayment(customerId: string) {
  const answer = await sandbox.client().pay({
    productCode: PRODUCT_CODES.CASHIER,
    paymentRequestId: uniqueId("payreq"),
    paymentAmount: { currency: "IQD", value: "12000000" },
    paymentExpiryTime: formatWalletTime(new Date(Date.now() + 15 * 60_000)),
    order: { orderDescription: "Dates", buyer: { referenceBuyerId: customerId } },
  });
  if (answer.status !== "A") throw new Error(`pay answered ${answer.status} ${answer.resultCode}`);
  return answer.data.paymentId as string;
}

async function rejection(promise: Promise<unknown>): Promise<ControlApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ControlApiError)) throw new Error(`expected a control API error, got ${error}`);
  return error;
}

describe("the clock", () => {
  it("a day ahead closes every new cashier payment; reset to real time, a new one can be paid", async () => {
    const customer = await sandbox.authorizeCustomer();
    await sandbox.advanceClock(24 * 3600);
    expect(await sandbox.control("GET", "/sandbox/clock")).toMatchObject({
      offsetSeconds: 86_400,
      offset: "1 day ahead of real time",
    });
    const expired = await cashierPayment(customer.customerId);
    const refused = await rejection(sandbox.payAtCashier(expired));
    expect(refused.status).toBe(409);
    expect(refused.code).toBe("ORDER_IS_CLOSED");

    expect(await sandbox.control("POST", "/sandbox/clock", { reset: true })).toMatchObject({
      offsetSeconds: 0,
      offset: "real time",
    });

    const fresh = await cashierPayment(customer.customerId);
    expect(await sandbox.payAtCashier(fresh)).toMatchObject({ paymentId: fresh, status: "SUCCESS" });
    // Still reset after a restart: the offset is persisted like every other change.
    await sandbox.restart();
    expect(await sandbox.control("GET", "/sandbox/clock")).toMatchObject({ offsetSeconds: 0 });
  });

  it("a payment something else closed first (an inquiry, the sweep) is ORDER_IS_CLOSED at the cashier too", async () => {
    const customer = await sandbox.authorizeCustomer();
    const paymentId = await cashierPayment(customer.customerId);
    await sandbox.advanceClock(24 * 3600);
    try {
      // The merchant's inquiry finds it expired and closes it before the user presses Pay.
      const inquiry = await sandbox.client().inquiryPayment({ paymentId });
      expect(inquiry).toMatchObject({ status: "S", data: { paymentStatus: "CLOSED" } });
      const refused = await rejection(sandbox.payAtCashier(paymentId));
      expect([refused.status, refused.code]).toEqual([409, "ORDER_IS_CLOSED"]);
    } finally {
      await sandbox.control("POST", "/sandbox/clock", { reset: true });
    }
  });

  it("refuses a body that neither advances nor resets", async () => {
    for (const body of [{ reset: false }, { advanceSeconds: -1 }, { advanceSeconds: 5, reset: true }, {}]) {
      const error = await rejection(sandbox.control("POST", "/sandbox/clock", body));
      expect([error.status, error.code]).toEqual([400, "INVALID_INPUT"]);
    }
  });

  it("the status page says how far ahead the wallet is, and its button resets the clock", async () => {
    await sandbox.advanceClock(26 * 3600 + 5 * 60);
    const page = await (await fetch(`${sandbox.url}/status`)).text();
    expect(page).toContain("wallet time is 1 day 2 h ahead of real time");
    expect(page).toContain('<form method="post" action="/status/reset-clock"');

    const pressed = await fetch(`${sandbox.url}/status/reset-clock`, { method: "POST", redirect: "manual" });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe("/status");
    expect(await sandbox.control("GET", "/sandbox/clock")).toMatchObject({ offsetSeconds: 0 });
    const after = await (await fetch(`${sandbox.url}/status`)).text();
    expect(after).toContain(": real time.");
    expect(after).not.toContain("reset-clock");
  });
});

describe("starting over", () => {
  /** Users, tokens, a paid payment with a notification hanging in flight, a fault, settings, a clock offset. */
  async function leaveStateBehind() {
    await sandbox.setFault("refund", "U", 3);
    await sandbox.settings({ refundDelaySeconds: 1, fieldAliases: false });
    await sandbox.advanceClock(60);
    const customer = await sandbox.authorizeCustomer();
    const paymentId = await cashierPayment(customer.customerId);
    // Last: its delivery is still in flight (the receiver never answers) when the reset comes.
    const notified = await sandbox.client().pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: uniqueId("payreq"),
      paymentAmount: { currency: "IQD", value: "1000000" },
      order: { orderDescription: "Tea", buyer: { referenceBuyerId: customer.customerId } },
      paymentNotifyUrl: receiver.url("/notify"),
    });
    await sandbox.payAtCashier(notified.data?.paymentId as string);
    await receiver.waitFor((n) => n.json.paymentId === notified.data?.paymentId);
    return { customer, paymentId };
  }

  async function expectFreshStateKeepingTheMerchant(left: Awaited<ReturnType<typeof leaveStateBehind>>) {
    const missing = await rejection(sandbox.control("GET", `/sandbox/users/${left.customer.userId}`));
    expect(missing.status).toBe(404);
    expect(await sandbox.control("GET", "/sandbox/payments")).toEqual([]);
    expect(await sandbox.control("GET", "/sandbox/notifications")).toEqual([]);
    expect(await sandbox.control("GET", "/sandbox/faults")).toEqual([]);
    expect(await sandbox.control("GET", "/sandbox/settings")).toMatchObject({
      refundDelaySeconds: 15,
      fieldAliases: true,
    });
    expect(await sandbox.control("GET", "/sandbox/clock")).toMatchObject({ offsetSeconds: 0 });

    // The merchant is still registered under the same wallet key: signed calls verify both ways
    // and get business answers about the forgotten state, not INVALID_CLIENT.
    const wallet = sandbox.client();
    expect(await wallet.inquiryPayment({ paymentId: left.paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_NOT_EXIST",
    });
    expect(
      await wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken: left.customer.refreshToken }),
    ).toMatchObject({ status: "F", resultCode: "INVALID_REFRESH_TOKEN" });
    const merchants = await sandbox.control<{ clientId: string }[]>("GET", "/sandbox/merchants");
    expect(merchants.map((m) => m.clientId)).toContain(sandbox.merchant.clientId);

    // And the sandbox works from there: a new customer pays.
    const customer = await sandbox.authorizeCustomer();
    const paymentId = await cashierPayment(customer.customerId);
    expect(await sandbox.payAtCashier(paymentId)).toMatchObject({ status: "SUCCESS" });
  }

  it("POST /sandbox/reset drops everything but the wallet key and the merchants, also across a restart", async () => {
    const left = await leaveStateBehind();
    const walletKey = sandbox.walletPublicKeyPem;

    expect(await sandbox.control("POST", "/sandbox/reset")).toMatchObject({
      reset: true,
      kept: { merchants: 1 },
      clock: { offsetSeconds: 0 },
    });
    // The delivery that was in flight was cut before the reset, so its record went with the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectFreshStateKeepingTheMerchant(left);

    await sandbox.restart();
    expect(sandbox.walletPublicKeyPem).toBe(walletKey);
    expect(await sandbox.control("GET", "/sandbox/payments")).toHaveLength(1);
    expect(
      await sandbox.control("POST", "/sandbox/merchants", {
        clientId: sandbox.merchant.clientId,
        publicKeyPem: sandbox.merchant.publicKeyPem,
      }),
    ).toMatchObject({ walletPublicKeyPem: walletKey });
  });

  it("a restart with fresh: true (npm run sandbox -- --fresh) starts over the same way", async () => {
    const left = await leaveStateBehind();
    await sandbox.restart({ fresh: true });
    await expectFreshStateKeepingTheMerchant(left);
  });

  it("is refused while an operation holds a payment, instead of letting it write into the fresh state", async () => {
    const customer = await sandbox.authorizeCustomer();
    await sandbox.settings({ operationLatencyMs: 400 });
    const paymentRequestId = uniqueId("payreq");
    const slow = sandbox.client().pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId,
      paymentAmount: { currency: "IQD", value: "1000" },
      order: { orderDescription: "Cup", buyer: { referenceBuyerId: customer.customerId } },
    });
    await sandbox.waitForLock(paymentRequestId);
    const refused = await rejection(sandbox.control("POST", "/sandbox/reset"));
    expect([refused.status, refused.code]).toEqual([409, "OPERATION_IN_PROGRESS"]);
    expect((await slow).status).toBe("A");
    await sandbox.control("POST", "/sandbox/reset");
  });
});

describe("npm run sandbox", () => {
  let dataDir: string;
  beforeAll(async () => {
    // A data dir left a day ahead by an earlier run.
    dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-cli-"));
    const earlier = await startSandbox({ port: 0, dataDir, mode: "test" });
    await fetch(`${earlier.url}/sandbox/clock`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ advanceSeconds: 86_400 + 7200 }),
    });
    await earlier.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs `tsx sandbox/main.ts` until it listens, then stops it; returns what it printed. */
  async function runSandbox(args: string[]): Promise<string> {
    const child: ChildProcess = spawn(path.resolve("node_modules/.bin/tsx"), ["sandbox/main.ts", ...args], {
      env: { ...process.env, SANDBOX_PORT: "0", SANDBOX_DATA_DIR: dataDir, SANDBOX_MODE: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 20 s: ${output}`)), 20_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        // The warning, when there is one, is printed right after the listening line.
        if (/listening on/.test(output) && (args.includes("--fresh") || /ahead|real time/.test(output))) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill("SIGTERM");
    await exited;
    return output;
  }

  it("warns at start that the wallet lives in the future, and --fresh starts over", async () => {
    const stale = await runSandbox([]);
    expect(stale).toContain("[sandbox] wallet time is 1 day 2 h ahead of real time");
    expect(stale).toContain('POST /sandbox/clock {"reset":true}');

    const fresh = await runSandbox(["--fresh"]);
    expect(fresh).toContain("[sandbox] started fresh: only the wallet key and the merchants were kept");
    expect(fresh).not.toContain("ahead of real time");
  });
});
