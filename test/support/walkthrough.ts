// The README's curl walkthrough (the bash block after `<!-- walkthrough -->`), run exactly as written
// on a PATH that holds only the tools the README says it needs: a walkthrough that silently relies on
// jq or uuidgen, or on fixed ports, fails.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fencedBlockAfter } from "./markdown";

/** What the README promises the walkthrough needs, besides bash. */
const TOOLS = { curl: "/usr/bin/curl", node: process.execPath, sleep: "/usr/bin/sleep" };

export interface WalkthroughRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The order the last line names, when it reads `order <id> is <STATUS>`. */
  orderId: string | undefined;
  status: string | undefined;
}

function readmeWalkthrough(): string {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  return fencedBlockAfter(readme, "<!-- walkthrough -->");
}

/** Runs the walkthrough against a sandbox and an app, as a newcomer pastes it into a shell. */
export async function runWalkthrough(urls: { sandbox: string; app: string }): Promise<WalkthroughRun> {
  const binDir = mkdtempSync(join(tmpdir(), "walkthrough-bin-"));
  try {
    for (const [name, path] of Object.entries(TOOLS)) symlinkSync(path, join(binDir, name));
    const run = await runBash(readmeWalkthrough(), {
      PATH: binDir,
      HOME: tmpdir(),
      WALLET_SANDBOX: urls.sandbox,
      MERCHANT_APP: urls.app,
    });
    const last = /^order (\S+) is (\S+)$/.exec(run.stdout.trim().split("\n").at(-1) ?? "");
    return { ...run, orderId: last?.[1], status: last?.[2] };
  } finally {
    rmSync(binDir, { recursive: true, force: true });
  }
}

function runBash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // stdin is /dev/null: Debian's bash sources /etc/bash.bashrc when stdin is a socket (as with a pipe
    // from node), which would run more than the README's block.
    const bash = spawn("/bin/bash", ["-euo", "pipefail", "-c", script], {
      env: env as NodeJS.ProcessEnv,
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
