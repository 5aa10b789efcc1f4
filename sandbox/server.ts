// The wallet sandbox server: `startSandbox` is what `npm run sandbox`, `npm run dev` and the tests
// call. Plain node:http; state in the data dir (journal + wallet key).
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { SandboxClock } from "./clock";
import { handleProxyRequest, isProxyRequest, proxyUpgrade } from "./container/proxy";
import { handleContainerRequest } from "./container/routes";
import type { SandboxContext, SandboxMode } from "./context";
import { handleControlRequest } from "./control/routes";
import { runDueWork } from "./domain/due-work";
import { FaultBook } from "./domain/faults";
import { PaymentLocks } from "./domain/locks";
import { forgetState } from "./domain/reset";
import { sendJson } from "./http/respond";
import { handleWalletRequest } from "./http/wallet-api";
import { Notifier } from "./notifications/notifier";
import { handlePageRequest } from "./pages/routes";
import { mergeSettings, type SettingsInput } from "./settings";
import { SandboxStore } from "./store/store";
import { loadOrCreateWalletKeys } from "./wallet-keys";

export interface StartSandboxOptions {
  /** 0 picks a free port (tests). Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  dataDir: string;
  /** dev (default) and test expose the control API; off disables /sandbox/* and the status page. */
  mode?: SandboxMode;
  /** Settings applied at start (and kept, like every `POST /sandbox/settings`). */
  settings?: SettingsInput;
  /** Start from a fresh state, keeping the wallet key and registered merchants (see domain/reset.ts). */
  fresh?: boolean;
  /** Origin used in redirectionUrl/authorizationUrl when the sandbox sits behind a proxy. */
  publicBaseUrl?: string;
  /** How often due work (expiries, refunds, notification retries) is checked. Default 250 ms. */
  tickMs?: number;
}

export interface RunningSandbox {
  url: string;
  walletPublicKeyPem: string;
  /** How far the business clock is ahead of real time at start (a leftover of an earlier run). */
  clockOffsetMs: number;
  close(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  mkdirSync(options.dataDir, { recursive: true });
  const keys = loadOrCreateWalletKeys(options.dataDir);
  const store = new SandboxStore(options.dataDir);
  const clock = new SandboxClock(store.get("clock", "current")?.offsetMs ?? 0);
  if (options.fresh) forgetState(store, clock);
  if (options.settings) store.save("settings", mergeSettings(store.settings(), options.settings));
  const faults = new FaultBook(store, clock);
  const settings = () => store.settings();
  const notifier = new Notifier({ store, clock, faults, walletPrivateKey: keys.privateKey, settings });
  let baseUrl = options.publicBaseUrl ?? "";
  const ctx: SandboxContext = {
    store,
    clock,
    locks: new PaymentLocks(),
    faults,
    notifier,
    mode: options.mode ?? "dev",
    baseUrl: () => baseUrl,
    walletPrivateKey: keys.privateKey,
    walletPublicKeyPem: keys.publicKeyPem,
    settings,
  };

  const server = createServer((request, response) => {
    route(ctx, request, response).catch((error: unknown) => {
      console.error("[sandbox] request failed", error);
      if (!response.headersSent)
        sendJson(response, 500, { error: { code: "INTERNAL", message: "internal error" } });
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on("upgrade", (request, socket, head) => upgrade(ctx, request, socket, head));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (!baseUrl) baseUrl = url;

  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= runDueWork(ctx)
      .catch((error: unknown) => console.error("[sandbox] due work failed", error))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.tickMs ?? 250);
  timer.unref();
  tick(); // resume deliveries left pending by the previous run

  return {
    url,
    walletPublicKeyPem: keys.publicKeyPem,
    clockOffsetMs: clock.offset,
    async close() {
      clearInterval(timer);
      notifier.close();
      // Graceful: idle keep-alive connections close now, requests in flight may finish for a
      // second, then whatever is left (a TIMEOUT fault holding a request) is cut.
      const force = setTimeout(() => server.closeAllConnections(), 1000);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(force);
      await running;
      store.close();
    },
  };
}

/** WebSockets: only a proxied mini program's (its dev server's hot reload). */
function upgrade(ctx: SandboxContext, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  if (ctx.mode !== "off" && isProxyRequest(request)) proxyUpgrade(request, socket, head);
  else socket.destroy();
}

async function route(ctx: SandboxContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://sandbox.local");
  if (ctx.mode !== "off" && isProxyRequest(request)) return handleProxyRequest(ctx, request, response);
  if (ctx.mode !== "off" && (url.pathname === "/container" || url.pathname.startsWith("/container/"))) {
    if (await handleContainerRequest(ctx, request, response, url)) return;
  }
  if (/^\/v\d+\//.test(url.pathname)) return handleWalletRequest(ctx, request, response, url.pathname);
  if (url.pathname.startsWith("/sandbox/")) {
    if (ctx.mode === "off") {
      sendJson(response, 404, {
        error: { code: "NOT_FOUND", message: "the control API is disabled (SANDBOX_MODE=off)" },
      });
      return;
    }
    return handleControlRequest(ctx, request, response, url);
  }
  return handlePageRequest(ctx, request, response, url);
}
