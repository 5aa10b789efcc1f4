// Serves the production build for a test, as `npm start` and the release run it (Next's standalone
// server.js): a free port, a test database, a test sandbox as the wallet, and fresh secrets. Needs
// `npm run build` first (CI runs it before the browser tests).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { merchantAppEnv, sandboxWallet } from "./app-env";
import { freePort } from "./ports";
import type { TestSandbox } from "./sandbox";
import { waitUntil } from "./wait";

export interface RunningApp {
  url: string;
  /** The environment the app runs with (its secrets, to mint operator sessions in tests). */
  env: Record<string, string>;
  close(): Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash or the OOM killer would: nothing is finished. */
  crash(): Promise<void>;
}

function running(app: ChildProcess): boolean {
  return app.exitCode === null && app.signalCode === null;
}

export async function startNextApp(options: {
  databaseUrl: string;
  sandbox: TestSandbox;
  extraEnv?: Record<string, string>;
  /** Listen here (a restart on the same address); default a free port. */
  port?: number;
  /**
   * The host name the app is reached by (its PUBLIC_BASE_URL). WebAuthn needs a name, not an
   * address: passkey tests use "localhost". The server listens on 127.0.0.1 either way.
   */
  host?: "127.0.0.1" | "localhost";
}): Promise<RunningApp> {
  if (!existsSync(".next/standalone/server.js")) {
    throw new Error("run `npm run build` first: this test serves the production build");
  }
  const port = options.port ?? (await freePort());
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const env = merchantAppEnv({
    databaseUrl: options.databaseUrl,
    wallet: sandboxWallet(options.sandbox),
    publicBaseUrl: url,
    nodeEnv: "production",
    extra: options.extraEnv,
  });
  const app = spawn(process.execPath, [".next/standalone/server.js"], {
    env: { ...process.env, ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    // Its own process group, so closing it stops every process the server has spawned.
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => app.once("exit", () => resolve()));
  const stop = (signal: NodeJS.Signals) => async () => {
    if (running(app) && app.pid !== undefined) {
      process.kill(-app.pid, signal);
      await exited;
    }
  };
  const close = stop("SIGTERM");
  try {
    await waitUntil(
      async () => {
        if (!running(app)) throw new Error(`the server exited (${app.exitCode ?? app.signalCode})`);
        return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeoutMs: 60_000, what: `${url} to become ready`, intervalMs: 250 },
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { url, env, close, crash: stop("SIGKILL") };
}
