// The production release (`npm run build` → release/) installed the way the Dockerfile installs it,
// in a temporary folder, and its processes started the way production starts them: plain `node`,
// NODE_ENV=production, configuration only from the environment given here (nothing inherited from
// the test runner but PATH).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const RELEASE_DIR = path.resolve("release");

export interface InstalledRelease {
  dir: string;
  remove(): void;
}

/**
 * The release installed by global-setup.ts for this run of the production tests. Files share it and
 * must not change it; global-setup.ts removes it at the end.
 */
export function installedRelease(dir: string): InstalledRelease {
  return { dir, remove: () => undefined };
}

/** Copies release/ into a fresh folder and runs the production install there. */
export async function installRelease(): Promise<InstalledRelease> {
  if (!existsSync(path.join(RELEASE_DIR, "server.js"))) {
    throw new Error("release/ not found: run `npm run build` first (this test runs the built release)");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "merchant-release-"));
  cpSync(RELEASE_DIR, dir, { recursive: true, verbatimSymlinks: true });
  // npm keeps this machine's registry settings; the release's processes get a clean environment.
  await promisify(execFile)("npm", dockerfileInstallArgs(), {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The runtime stage's install, read from the Dockerfile: the test installs exactly as the image does. */
function dockerfileInstallArgs(): string[] {
  const line = /^RUN npm (ci --omit=dev[^\\\n&]*)/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
  if (!line) throw new Error("Dockerfile: no `RUN npm ci --omit=dev …` line in the runtime stage");
  return line.trim().split(/\s+/);
}

export interface ReleaseProcess {
  name: string;
  child: ChildProcess;
  /** The last 20,000 characters it printed (for failure messages). */
  output(): string;
  /** Every line it ever printed that contains `text` (the whole output, not only the tail). */
  linesWith(text: string): string[];
  /** Resolves with the exit code (or signal name) once it exits. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Production processes always run with NODE_ENV=production: lib/platform/env.ts then generates nothing. */
export type ProductionEnv = { NODE_ENV: "production" } & Record<string, string>;

/** Starts `node <args>` in the release folder with exactly `env` (plus PATH). */
export function startReleaseProcess(
  release: InstalledRelease,
  name: string,
  args: string[],
  env: ProductionEnv,
): ReleaseProcess {
  const child = spawn(process.execPath, args, {
    cwd: release.dir,
    // Exactly these variables (NODE_ENV among them): nothing leaks in from the test runner.
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // Everything printed, for "did it ever print X" (a chatty process pushes a line out of the tail
  // quickly: a traced server prints every span); bounded all the same.
  let everything = "";
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    // The tail is what explains a failure; keep memory bounded for chatty processes.
    output = (output + text).slice(-20_000);
    everything = (everything + text).slice(-20_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  return {
    name,
    child,
    output: () => output,
    linesWith: (text) => everything.split("\n").filter((line) => line.includes(text)),
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls until `check` returns a value (not undefined), or fails naming the process output. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: { timeoutMs?: number; processes?: ReleaseProcess[] } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastError: unknown;
  for (;;) {
    for (const started of options.processes ?? []) {
      if (started.child.exitCode !== null) {
        throw new Error(
          `${started.name} exited (${started.child.exitCode}) while waiting for ${what}:\n${started.output()}`,
        );
      }
    }
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const logs = (options.processes ?? []).map((p) => `--- ${p.name}\n${p.output()}`).join("\n");
      throw new Error(`timed out waiting for ${what} (last error: ${String(lastError)})\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
