// The README's curl walkthrough (the bash block after `<!-- walkthrough -->`), run exactly as written
// against `next start` and a sandbox, on a PATH that holds only the tools the README says it needs:
// a walkthrough that silently relies on jq or uuidgen, or on fixed ports, fails here.
// Needs a production build (`npm run build`).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/catalog/seed-catalog";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { fencedBlockAfter } from "@/test/support/markdown";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

/** What the README promises the walkthrough needs, besides bash. */
const TOOLS = { curl: "/usr/bin/curl", node: process.execPath, sleep: "/usr/bin/sleep" };

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
const binDir = mkdtempSync(join(tmpdir(), "walkthrough-bin-"));

beforeAll(async () => {
  for (const [name, path] of Object.entries(TOOLS)) symlinkSync(path, join(binDir, name));
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
});

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await db?.drop();
  rmSync(binDir, { recursive: true, force: true });
});

function runBash(script: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // stdin is /dev/null: Debian's bash sources /etc/bash.bashrc when stdin is a socket (as with a pipe
    // from node), which would run more than the README's block.
    const bash = spawn("/bin/bash", ["-euo", "pipefail", "-c", script], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 45_000,
    });
    let stdout = "";
    let stderr = "";
    bash.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    bash.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    bash.once("error", reject);
    bash.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the README's curl walkthrough", () => {
  it("runs as written with only curl and node, and ends with the order PAID", async () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const script = fencedBlockAfter(readme, "<!-- walkthrough -->");

    const run = await runBash(script, {
      NODE_ENV: "test",
      PATH: binDir,
      HOME: tmpdir(),
      WALLET_SANDBOX: sandbox.url,
      MERCHANT_APP: app?.url ?? "",
    });

    expect(run.code, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
    const lastLine = run.stdout.trim().split("\n").at(-1) ?? "";
    expect(lastLine).toMatch(/^order \S+ is PAID$/);
    const orderId = lastLine.split(" ")[1] ?? "";
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ status: "PAID", flow: "CASHIER" });
    const notification = await db.prisma.notification.findFirstOrThrow({ where: { orderId } });
    expect(notification).toMatchObject({ kind: "PAYMENT", verified: true, status: "APPLIED" });
  });
});
