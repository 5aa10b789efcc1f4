// The processes of `npm run soak`, started as the release runs them (plain `node` in release/, no
// tsx, NODE_ENV=production), each watched from outside: its resident memory from /proc/<pid>/status
// (what the kernel counts against an instance), its heap from the `memory` lines it prints itself
// (MEMORY_LOG_SECONDS, lib/platform/observability/memory-report.ts), and whether it exited.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { generateTestKeyPair } from "../../test/support/keys";

/** What a process last said of its own memory (MB). */
interface ReportedMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface WatchedProcess {
  name: string;
  child: ChildProcess;
  /** The newest `memory` line, once one came. */
  reported(): ReportedMemory | undefined;
  /** The last 4,000 characters of stderr and of non-memory stdout (to say why it died). */
  tail(): string;
  /** Set once it exited: the code or the signal. */
  exit(): string | undefined;
  /** Resolves with the first line of stdout that matches. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
}

/** VmRSS of a live process, in MB (NaN once it is gone). */
export function rssMbOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export function startWatched(
  name: string,
  args: string[],
  options: { cwd?: string; env: Record<string, string | undefined> },
): WatchedProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let reported: ReportedMemory | undefined;
  let tail = "";
  let exit: string | undefined;
  let partial = "";
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  const keep = (text: string) => {
    tail = (tail + text).slice(-4_000);
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.includes('"msg":"memory"')) {
        reported = JSON.parse(line) as ReportedMemory;
        continue;
      }
      keep(`${line}\n`);
      for (const waiter of waiters.splice(0)) {
        const match = line.match(waiter.pattern);
        if (match) waiter.resolve(match);
        else waiters.push(waiter);
      }
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => keep(chunk.toString()));
  child.once("exit", (code, signal) => {
    exit = signal ?? String(code);
  });
  return {
    name,
    child,
    reported: () => reported,
    tail: () => tail,
    exit: () => exit,
    waitForLine: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        setTimeout(
          () => reject(new Error(`${name}: no line like ${pattern} in ${timeoutMs} ms\n${tail}`)),
          timeoutMs,
        ).unref();
        child.once("exit", (code) =>
          reject(new Error(`${name} exited (${code}) before ${pattern}\n${tail}`)),
        );
      }),
  };
}

/** The wallet sandbox (tsx, as `npm run sandbox` runs it), reporting its memory like the others. */
export async function startSoakSandbox(dataDir: string, memoryLogSeconds: number) {
  const sandbox = startWatched("sandbox", ["--import", "tsx", "sandbox/main.ts"], {
    env: {
      ...process.env,
      SANDBOX_PORT: "0",
      SANDBOX_HOST: "127.0.0.1",
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_MODE: "test",
      MEMORY_LOG_SECONDS: String(memoryLogSeconds),
    },
  });
  const [, url] = await sandbox.waitForLine(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
  return { sandbox, url: url as string };
}

/** A merchant registered with the sandbox, its limits out of the way. */
export async function registerSoakMerchant(sandboxUrl: string) {
  const keys = generateTestKeyPair();
  const control = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { walletPublicKeyPem } = await control<{ walletPublicKeyPem: string }>("/sandbox/merchants", {
    clientId: "soak-merchant",
    publicKeyPem: keys.publicKeyPem,
  });
  await control("/sandbox/settings", { userDailyLimit: "900000000000000", paymentLimit: "900000000000000" });
  return { keys, clientId: "soak-merchant", walletPublicKeyPem, control };
}

/** SIGTERM, then SIGKILL after `timeoutMs`; resolves once it exited. */
export async function stopWatched(watched: WatchedProcess, timeoutMs = 15_000): Promise<void> {
  const { child } = watched;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}
