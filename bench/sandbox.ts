// Sustained signed `pay` + `inquiryPayment` throughput of the wallet sandbox on this machine.
//
// The sandbox runs as its own process (its own core) with a temporary data dir; this process is
// the merchant: the real signed client (request validation, RSA signing, response-signature
// verification) with a fixed number of concurrent loops, each doing pay (cashier) then
// inquiryPayment. Load goes to 127.0.0.1 only and is bounded in both count and time.
//
//   npm run bench:sandbox
//   BENCH_REQUESTS=6000 BENCH_SECONDS=30 BENCH_CONCURRENCY=16 npm run bench:sandbox
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createWalletClient } from "../lib/wallet/client";
import { PRODUCT_CODES } from "../lib/wallet/product-codes";
import { control, registerBenchMerchant, startSandboxProcess } from "./support/sandbox-process";

const maxRequests = Number(process.env.BENCH_REQUESTS ?? 4000);
const maxSeconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 12);
const warmupRequests = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const dataDir = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
const { child, url } = await startSandboxProcess(dataDir);
try {
  const { keys, clientId, walletPublicKeyPem } = await registerBenchMerchant(url, "bench-merchant", {
    userDailyLimit: "900000000000000",
  });
  await control(url, "/sandbox/users", { userId: "bench-user", balance: "900000000000000" });
  const wallet = createWalletClient({
    baseUrl: url,
    clientId,
    privateKey: keys.privateKey,
    keyVersion: 1,
    walletPublicKey: walletPublicKeyPem,
  });
  const { authCode } = await control<{ authCode: string }>(url, "/sandbox/authCodes", {
    userId: "bench-user",
    scopes: ["USER_ID"],
  });
  const tokens = await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
  if (tokens.status !== "S") throw new Error(`applyToken: ${tokens.resultCode}`);
  const customerId = tokens.data.customerId ?? "";

  let sequence = 0;
  let errors = 0;
  const latencies: { pay: number[]; inquiry: number[] } = { pay: [], inquiry: [] };

  async function payAndInquire(record: boolean): Promise<void> {
    sequence += 1;
    let started = performance.now();
    const pay = await wallet.pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: `bench_${process.pid}_${sequence}`,
      paymentAmount: { currency: "IQD", value: "1000" },
      order: { orderDescription: "Bench order", buyer: { referenceBuyerId: customerId } },
    });
    if (record) latencies.pay.push(performance.now() - started);
    if (pay.status !== "A") {
      errors += 1;
      return;
    }
    started = performance.now();
    const inquiry = await wallet.inquiryPayment({ paymentId: pay.data.paymentId ?? "" });
    if (record) latencies.inquiry.push(performance.now() - started);
    if (inquiry.status !== "S") errors += 1;
  }

  async function run(
    requests: number,
    seconds: number,
    record: boolean,
  ): Promise<{ done: number; elapsed: number }> {
    const deadline = performance.now() + seconds * 1000;
    let issued = 0;
    let done = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < requests && performance.now() < deadline) {
          issued += 2;
          await payAndInquire(record);
          done += 2;
        }
      }),
    );
    return { done, elapsed: (performance.now() - start) / 1000 };
  }

  await run(warmupRequests, 10, false);
  const { done, elapsed } = await run(maxRequests, maxSeconds, true);
  const pay = [...latencies.pay].sort((a, b) => a - b);
  const inquiry = [...latencies.inquiry].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`sandbox bench: ${concurrency} concurrent loops of signed pay + inquiryPayment against ${url}`);
  console.log(
    `  requests   ${done} in ${elapsed.toFixed(2)} s  →  ${(done / elapsed).toFixed(0)} requests/s`,
  );
  console.log(
    `  pay        ${pay.length} (${(pay.length / elapsed).toFixed(0)}/s)  p50 ${ms(percentile(pay, 50))}  p95 ${ms(percentile(pay, 95))}  p99 ${ms(percentile(pay, 99))}`,
  );
  console.log(
    `  inquiry    ${inquiry.length} (${(inquiry.length / elapsed).toFixed(0)}/s)  p50 ${ms(percentile(inquiry, 50))}  p95 ${ms(percentile(inquiry, 95))}  p99 ${ms(percentile(inquiry, 99))}`,
  );
  console.log(`  errors     ${errors}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
