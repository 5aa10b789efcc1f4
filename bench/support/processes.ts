// Child processes of the HTTP benches: the production build's standalone server (optionally under
// `--cpu-prof`), and bare baseline servers that print "listening on <url>".
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { waitForHttpOk } from "../../test/support/wait";
import { burnMsFromEnv } from "./burn-cpu";

/**
 * The server production runs: Next's standalone `server.js`, the same file release/ ships. In the
 * checkout it sits in .next/standalone beside the node_modules Next traced for it (what `npm start`
 * runs), so a bench needs no production install; `next start` would serve the same build through a
 * different server, and says so.
 */
export const STANDALONE_SERVER = ".next/standalone/server.js";

/**
 * The server.js the benches start: BENCH_SERVER names another build's (say, a copy of
 * .next/standalone taken before a change, to measure before and after with the same bench).
 */
const serverScript = process.env.BENCH_SERVER || STANDALONE_SERVER;

/** How the bench names the server it measures in its output. */
export const serverLabel = process.env.BENCH_SERVER ? `server.js (${process.env.BENCH_SERVER})` : "server.js";

/** Builds the app once if there is no production build yet (`npm run build` makes one). */
export function ensureProductionBuild(): void {
  if (existsSync(serverScript)) return;
  if (process.env.BENCH_SERVER) throw new Error(`BENCH_SERVER: no ${process.env.BENCH_SERVER}`);
  console.log("no production build found: running npm run build");
  const build = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("npm run build failed");
}

export interface NextAppOptions {
  /** Run under `node --cpu-prof`, writing the profile here on exit (stopProcess waits for that). */
  cpuProfileDir?: string | undefined;
  /** Append the server's log (stdout) to this file instead of dropping it. */
  logFile?: string | undefined;
  /** Another build's server.js (default: BENCH_SERVER, else this checkout's build). */
  script?: string | undefined;
}

/** The standalone server (`node server.js`) on 127.0.0.1:`port` with `env`. */
export async function startNextApp(
  port: number,
  env: NodeJS.ProcessEnv,
  { cpuProfileDir, logFile, script = serverScript }: NextAppOptions = {},
): Promise<ChildProcess> {
  if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
  // Node refuses --cpu-prof in NODE_OPTIONS: the flag goes on node's command line.
  const profiling = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${resolve(cpuProfileDir)}`] : [];
  // BENCH_NODE_FLAGS: more node flags for the app, e.g. "--trace-gc" (also refused in NODE_OPTIONS).
  const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const app = spawn(
    process.execPath,
    [...profiling, ...nodeFlags, resolve(script)],
    // The standalone server listens on PORT and HOSTNAME (it has no flags for them).
    {
      env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
      stdio: ["ignore", logFile ? "pipe" : "ignore", "inherit"],
    },
  );
  if (logFile) app.stdout?.pipe(createWriteStream(logFile, { flags: "a" }));
  const exited = new Promise<never>((_, reject) =>
    app.once("exit", (code) => reject(new Error(`server.js exited early (${code})`))),
  );
  await Promise.race([waitForHttpOk(`http://127.0.0.1:${port}/api/health/ready`, 60_000), exited]);
  return app;
}

/** Starts a bench server written in TypeScript and resolves with the URL it prints. */
export interface BaselineServer {
  child: ChildProcess;
  url: string;
}

function startBaselineServer(script: string, env: NodeJS.ProcessEnv): Promise<BaselineServer> {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolveUrl, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) resolveUrl({ child, url: match[1] });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}): ${output}`)));
  });
}

/**
 * The bench's baseline server, and when BENCH_BASELINE_BURN_MS is set a second copy of it that burns
 * that much CPU per request (support/burn-cpu.ts): the what-if run beside the real one.
 */
export async function startBaselines(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ baseline: BaselineServer; burning?: BaselineServer; burnMs: number }> {
  const burnMs = burnMsFromEnv();
  const baseline = await startBaselineServer(script, { ...env, BENCH_BASELINE_BURN_MS: "0" });
  if (burnMs <= 0) return { baseline, burnMs: 0 };
  const burning = await startBaselineServer(script, { ...env, BENCH_BASELINE_BURN_MS: String(burnMs) });
  return { baseline, burning, burnMs };
}

/** The same baseline doing the spec's required writes too (BENCH_BASELINE_REQUIRED=1, see its header). */
export function startRequiredWorkBaseline(script: string, env: NodeJS.ProcessEnv): Promise<BaselineServer> {
  return startBaselineServer(script, { ...env, BENCH_BASELINE_BURN_MS: "0", BENCH_BASELINE_REQUIRED: "1" });
}

/** SIGTERM, then wait for the exit (a profiled server writes its profile on the way out). */
export async function stopProcess(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  child.kill("SIGTERM");
  const timer = new Promise<void>((resolveTimer) => setTimeout(resolveTimer, timeoutMs).unref());
  await Promise.race([exited, timer]);
}

/**
 * CPU seconds a process has used so far (user + system, from /proc on Linux). Differences of this
 * around a load run give CPU per request: a figure that noise from other processes on the machine
 * changes far less than latency.
 */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // Fields after the command name (which may hold spaces), so split after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
