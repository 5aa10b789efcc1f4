// `npm run dev` and `npm start` run the way a newcomer runs them: in a checkout of their own (a fresh
// copy of this working tree, without .next, .local or .sandbox-data), on an empty database the
// command has to create, with free ports and a queue prefix of their own so they disturb nothing
// else on the machine. The test then reads the command's output for its "ready" line.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { quoteIdentifier, withDatabase } from "@/lib/platform/db/ensure-database";
import { TEST_SERVER_URL } from "./database";
import { freePort } from "./ports";
import { waitUntil } from "./wait";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A checkout as `git clone` would give it, but of the working tree (committed or not): every file git
 * tracks or would track, nothing it ignores. node_modules is hard-linked from this checkout (a copy
 * made in a second; Turbopack refuses a symlink out of the project), and the Prisma client generated
 * as `npm ci`'s postinstall does.
 */
export function freshCheckout(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "fresh-checkout-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  execFileSync(process.execPath, ["scripts/db-generate.mjs"], { cwd: dir, stdio: "ignore" });
  return {
    dir,
    remove() {
      // Whatever still runs in the checkout (a `next dev` server outliving its parent, say) is ours
      // and would keep writing its cache there: end it first.
      killProcessesIn(dir);
      rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    },
  };
}

/** Every process whose working directory is inside `dir` (never this one), with its command line. */
export function processesIn(dir: string): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd !== dir && !cwd.startsWith(`${dir}/`)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      // A zombie waiting for its parent to read its status holds nothing: not counted.
      if (command !== "") found.push({ pid, command });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** SIGKILLs every process whose working directory is inside `dir` (never this one). */
function killProcessesIn(dir: string): void {
  for (const { pid } of processesIn(dir)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export interface LocalStack {
  appUrl: string;
  sandboxUrl: string;
  /** The reference mini program (`npm run dev` only). */
  miniProgramUrl: string;
  databaseUrl: string;
  /** The process group `npm run` leads (npm, its shell, the script and nothing else: the children
   * it starts have groups of their own). */
  group: number;
  /** Everything the command printed so far. */
  output(): string;
  /** Ctrl-C, as a developer stops it; then the database it created is dropped. */
  stop(): Promise<void>;
}

/**
 * Runs `npm run <script>` in `cwd` and resolves when its own "ready" line is printed. Its database
 * does not exist yet: the command creates it.
 */
export async function runLocalStack(options: {
  script: "dev" | "start";
  cwd: string;
  readyTimeoutMs: number;
  env?: Record<string, string>;
  /** The ports of an earlier run, to start again on them; free ones otherwise. */
  ports?: { app: number; sandbox: number; miniProgram: number };
}): Promise<LocalStack> {
  const port = options.ports?.app ?? (await freePort());
  const sandboxPort = options.ports?.sandbox ?? (await freePort());
  const miniProgramPort = options.ports?.miniProgram ?? (await freePort());
  const database = `first_run_${randomBytes(5).toString("hex")}`;
  const databaseUrl = withDatabase(TEST_SERVER_URL, database);
  const localDir = mkdtempSync(path.join(tmpdir(), "local-stack-"));
  // As from a developer's shell: no NODE_ENV (vitest sets "test").
  const { NODE_ENV: _vitest, ...shell } = process.env;
  const env: Record<string, string | undefined> = {
    ...shell,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    MINIAPP_PORT: String(miniProgramPort),
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: `stack-${randomBytes(4).toString("hex")}`,
    LOCAL_DIR: path.join(localDir, "local"),
    SANDBOX_DATA_DIR: path.join(localDir, "sandbox-data"),
    NEXT_TELEMETRY_DISABLED: "1",
    ...options.env,
  };
  const child = spawn("npm", ["run", options.script], {
    cwd: options.cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const stack: LocalStack = {
    appUrl: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    miniProgramUrl: `http://127.0.0.1:${miniProgramPort}`,
    databaseUrl,
    group: child.pid as number,
    output: () => output,
    async stop() {
      await interrupt(child);
      await dropDatabase(database);
      rmSync(localDir, { recursive: true, force: true });
    },
  };
  const readyLine = new RegExp(`^\\[${options.script}\\]\\s+ready$`, "m");
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`npm run ${options.script} exited:\n${output}`);
        return readyLine.test(output);
      },
      {
        timeoutMs: options.readyTimeoutMs,
        what: `npm run ${options.script} to print "ready"`,
        intervalMs: 250,
      },
    );
  } catch (error) {
    await stack.stop();
    throw new Error(`${(error as Error).message}\n--- output ---\n${output}`);
  }
  return stack;
}

/**
 * Ctrl-C to the command's process group, then waits until the whole group is gone: npm may exit at
 * once while the script it ran is still stopping its own children. After 20 s the group is killed.
 */
async function interrupt(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined || !groupAlive(group)) return;
  process.kill(-group, "SIGINT");
  const deadline = Date.now() + 20_000;
  while (groupAlive(group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(group)) process.kill(-group, "SIGKILL");
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

async function dropDatabase(name: string): Promise<void> {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
