// `npm run wallet:check` against the sandbox playing the wallet: every setting right passes; each
// setting wrong fails on its own line (and only there), with what to do.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/platform/env";
import { CHECKS } from "@/lib/platform/wallet-check/judge-wallet";
import { runWalletCheck, type WalletCheckReport } from "@/lib/platform/wallet-check/run-wallet-check";
import { merchantAppEnv, sandboxWallet } from "@/test/support/app-env";
import { generateTestKeyPair } from "@/test/support/keys";
import { freePort } from "@/test/support/ports";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
beforeAll(async () => {
  app = await startRouteHarness();
});
afterAll(() => app?.close());

/** The app's settings as the harness runs it, with some changed. */
function settings(changes: Record<string, string> = {}): Record<string, string> {
  return merchantAppEnv({
    databaseUrl: app.db.url,
    wallet: sandboxWallet(app.sandbox),
    publicBaseUrl: app.url,
    extra: changes,
  });
}

function check(changes: Record<string, string> = {}): Promise<WalletCheckReport> {
  return runWalletCheck(parseEnv(settings(changes)));
}

function failing(report: WalletCheckReport): string[] {
  return report.lines.filter((line) => line.verdict === "fail").map((line) => line.check);
}

function lineOf(report: WalletCheckReport, check: string) {
  return report.lines.find((line) => line.check === check);
}

describe("wallet:check", () => {
  it("passes every line when the configuration is right", async () => {
    const report = await check();
    expect(report.lines.filter((line) => line.verdict !== "pass")).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.lines.map((line) => line.check)).toEqual([
      CHECKS.reachable,
      CHECKS.format,
      CHECKS.clock,
      CHECKS.clientId,
      CHECKS.keyVersion,
      CHECKS.signature,
      CHECKS.walletKey,
      "Notify URLs (PUBLIC_BASE_URL)",
      "Notify URLs (PUBLIC_BASE_URL)",
      "Notify URLs (PUBLIC_BASE_URL)",
    ]);
  });

  it("fails the Client-Id line alone for a Client-Id the wallet does not know", async () => {
    const report = await check({ WALLET_CLIENT_ID: "not-registered-anywhere" });
    expect(failing(report)).toEqual([CHECKS.clientId]);
    expect(lineOf(report, CHECKS.clientId)?.says).toContain("INVALID_CLIENT");
    expect(lineOf(report, CHECKS.clientId)?.fix).toContain("WALLET_CLIENT_ID");
  });

  it("fails the key version line alone for a keyVersion the wallet has no key under", async () => {
    const report = await check({ WALLET_KEY_VERSION: "7" });
    expect(failing(report)).toEqual([CHECKS.keyVersion]);
    expect(lineOf(report, CHECKS.keyVersion)?.says).toContain("keyVersion 7");
  });

  it("fails our signature's line alone when the wallet holds another public key of ours", async () => {
    const report = await check({ MERCHANT_PRIVATE_KEY: generateTestKeyPair().privateKeyPem });
    expect(failing(report)).toEqual([CHECKS.signature]);
    expect(lineOf(report, CHECKS.signature)?.fix).toContain("MERCHANT_PRIVATE_KEY");
  });

  it("fails the wallet's signature line alone when WALLET_PUBLIC_KEY is some other key", async () => {
    const report = await check({ WALLET_PUBLIC_KEY: generateTestKeyPair().publicKeyPem });
    expect(failing(report)).toEqual([CHECKS.walletKey]);
  });

  it("fails the clock line alone when the clocks are 10 minutes apart", async () => {
    await app.sandbox.settings({ wallClockSkewSeconds: 600 });
    try {
      const report = await check();
      expect(failing(report)).toEqual([CHECKS.clock]);
      expect(lineOf(report, CHECKS.clock)?.says).toMatch(
        /clock is \d+ min( \d+ s)? behind the wallet.s: the wallet refuses requests 5 min off/,
      );
      expect(lineOf(report, CHECKS.signature)?.verdict).toBe("skip");
    } finally {
      await app.sandbox.settings({ wallClockSkewSeconds: 0 });
    }
  });

  it("fails the first line, and judges nothing else of the wallet, when nothing answers", async () => {
    const report = await check({ WALLET_BASE_URL: `http://127.0.0.1:${await freePort()}` });
    expect(failing(report)).toEqual([CHECKS.reachable]);
    expect(
      report.lines.slice(1, 7).map((line) => line.verdict),
      "the wallet's lines after the first",
    ).toEqual(Array(6).fill("skip"));
  });

  it("fails the notify URL lines when PUBLIC_BASE_URL leads nowhere", async () => {
    const report = await check({ PUBLIC_BASE_URL: `http://127.0.0.1:${await freePort()}` });
    expect(failing(report)).toEqual(Array(3).fill("Notify URLs (PUBLIC_BASE_URL)"));
  });

  it("runs as `npm run wallet:check`: plain PASS/FAIL lines, exit code 1 on a failure", async () => {
    const run = (changes: Record<string, string>) =>
      promisify(execFile)("node_modules/.bin/tsx", ["scripts/wallet-check.ts"], {
        env: { ...process.env, ...settings({ LOG_LEVEL: "silent", ...changes }) },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const good = await run({});
    expect(good.code, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/^PASS {2}Client-Id \(WALLET_CLIENT_ID\) +\S+ is known to the wallet$/m);
    const bad = await run({ WALLET_KEY_VERSION: "7" });
    expect(bad.code, bad.stdout).toBe(1);
    expect(bad.stdout).toMatch(/^FAIL {2}Key version \(WALLET_KEY_VERSION\) +keyVersion 7 refused/m);
    expect(bad.stdout).toMatch(/→ Set WALLET_KEY_VERSION/);
  });
});
