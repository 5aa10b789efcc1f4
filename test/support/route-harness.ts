// The app's HTTP routes called in-process as Next.js calls them — the route files under app/api,
// found on disk and matched to a request path with Next's precedence (static segments, then
// dynamic `[id]`, then catch-all `[...path]`) — on a fresh database, Redis and the wallet sandbox,
// configured through the environment like the real app. For route, error-table and fuzz tests.
import { readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { resolveOutboundNamesForTests } from "@/lib/platform/outbound/shared-policy";
import { distinctAddress } from "./addresses";
import { merchantAppEnv, sandboxWallet } from "./app-env";
import { createTestDatabase, type TestDatabase } from "./database";
import { resolveExampleNames } from "./outbound";
import { startTestSandbox, type TestSandbox } from "./sandbox";
import { waitUntil } from "./wait";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

export interface RouteFile {
  /** `/api/mini/orders/[id]` */
  pattern: string;
  file: string;
  segments: string[];
}

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

/**
 * next-auth's own endpoints (sign-in, sign-out, CSRF, session) under /api/auth: third-party code
 * that needs Next's request scope (next/headers), so it cannot be called in-process; the browser
 * tests exercise it through `next start`, and it is not part of our JSON API.
 */
const NEXT_AUTH_ROUTES = "/api/auth/";

/** Every `route.ts` under app/api but next-auth's, most specific first (as Next.js matches them). */
export function listApiRoutes(): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const pattern = `/${path.relative(APP_DIR, dir).split(path.sep).join("/")}`;
        if (!pattern.startsWith(NEXT_AUTH_ROUTES)) {
          found.push({ pattern, file: full, segments: pattern.split("/").filter(Boolean) });
        }
      }
    }
  };
  walk(path.join(APP_DIR, "api"));
  const rank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);
  return found.sort((a, b) => {
    for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
      const difference = rank(a.segments[i] ?? "") - rank(b.segments[i] ?? "");
      if (difference !== 0) return difference;
    }
    return b.segments.length - a.segments.length;
  });
}

/** The route serving `pathname` and its decoded params, as Next.js would pick it. */
function matchRoute(routes: RouteFile[], pathname: string) {
  const parts = pathname.split("/").filter(Boolean);
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let matched = true;
    for (let i = 0; i < route.segments.length; i++) {
      const segment = route.segments[i] as string;
      if (segment.startsWith("[...")) {
        if (i >= parts.length) matched = false;
        else params[segment.slice(4, -1)] = parts.slice(i).map(decodeURIComponent);
        break;
      }
      const part = parts[i];
      if (part === undefined) matched = false;
      else if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeURIComponent(part);
      else if (segment !== part) matched = false;
      if (!matched) break;
    }
    const consumedAll = route.segments.at(-1)?.startsWith("[...") || parts.length === route.segments.length;
    if (matched && consumedAll) return { route, params };
  }
  return undefined;
}

export interface CallInit {
  headers?: HeadersInit;
  body?: BodyInit;
  json?: unknown;
}

/**
 * Sends a request through the route file that serves its path, as Next.js would: a fresh client
 * address unless the caller gives one, path parameters decoded. The route modules read the process
 * environment when first used, so set it before the first call.
 */
export async function callRoute(
  routes: RouteFile[],
  method: string,
  pathAndQuery: string,
  init: CallInit = {},
): Promise<Response> {
  const url = new URL(pathAndQuery, "http://127.0.0.1:3000");
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  if (!headers.has("x-forwarded-for")) {
    headers.set("x-forwarded-for", distinctAddress());
  }
  const request = new Request(url, {
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const match = matchRoute(routes, url.pathname);
  if (!match) throw new Error(`no route file serves ${url.pathname}`);
  const handler = ((await import(match.route.file)) as Record<string, Handler>)[method];
  // Next.js answers a method a route file does not export with an empty 405 of its own.
  if (!handler) return new Response(null, { status: 405 });
  return handler(request, { params: Promise.resolve(match.params) });
}

export interface RouteHarness {
  db: TestDatabase;
  sandbox: TestSandbox;
  routes: RouteFile[];
  /** The routes served over HTTP too: PUBLIC_BASE_URL, so the sandbox's notifications reach them. */
  url: string;
  /** Sends a request through the matching route file; a fresh client address unless one is given. */
  call(method: string, pathAndQuery: string, init?: CallInit): Promise<Response>;
  /** A wallet user who authorized the mini program, with a session started over HTTP. */
  newSession(scopes?: string[]): Promise<{ userId: string; sessionToken: string; customerId: string }>;
  /** A new customer's order placed over the mini program API, paid at the sandbox's cashier, and
   * PAID through the wallet's notification. */
  paidOrder(
    flow?: "CASHIER" | "ESCROW",
    sku?: string,
    quantity?: number,
  ): Promise<{ orderId: string; sessionToken: string }>;
  close(): Promise<void>;
}

export async function startRouteHarness(
  /** `serverUrl`: the PostgreSQL server the test database is created on (the local one by default). */
  options: { extraEnv?: Record<string, string>; serverUrl?: string } = {},
): Promise<RouteHarness> {
  const [db, sandbox] = await Promise.all([
    createTestDatabase({ serverUrl: options.serverUrl }),
    startTestSandbox(),
  ]);
  await seedDemoCatalog(db.prisma);
  let dispatch: RouteHarness["call"] | undefined;
  const server = await serveOverHttp((method, target, init) =>
    (dispatch as RouteHarness["call"])(method, target, init),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(
    process.env,
    merchantAppEnv({
      databaseUrl: db.url,
      wallet: sandboxWallet(sandbox),
      logLevel: "silent",
      publicBaseUrl: url,
      extra: options.extraEnv,
    }),
  );
  // No DNS in tests: names a test registers (shop.example, chat.example) resolve to a public address.
  resolveOutboundNamesForTests(resolveExampleNames);
  const routes = listApiRoutes();

  const harness: RouteHarness = {
    db,
    sandbox,
    routes,
    url,
    call: (method, pathAndQuery, init) => callRoute(routes, method, pathAndQuery, init),
    async newSession(scopes = ["USER_ID"]) {
      const { userId } = await sandbox.createUser();
      const { authCode } = await sandbox.createAuthCode(userId, scopes);
      const response = await harness.call("POST", "/api/mini/session", { json: { authCode } });
      if (response.status !== 201)
        throw new Error(`session failed: ${response.status} ${await response.text()}`);
      const session = (await response.json()) as { sessionToken: string; customer: { id: string } };
      return { userId, sessionToken: session.sessionToken, customerId: session.customer.id };
    },
    async paidOrder(flow = "CASHIER", sku = "DATES", quantity = 1) {
      const { sessionToken } = await harness.newSession();
      const created = await harness.call("POST", "/api/mini/orders", {
        headers: { Authorization: `Bearer ${sessionToken}`, "Idempotency-Key": crypto.randomUUID() },
        json: { flow, items: [{ sku, quantity }] },
      });
      const order = (await created.json()) as { orderId: string; redirectionUrl: string };
      await sandbox.payAtCashier(order.redirectionUrl.split("/").at(-1) as string);
      await waitUntil(
        async () => {
          await sandbox.tick();
          const row = await db.prisma.order.findUniqueOrThrow({ where: { id: order.orderId } });
          return row.status === "PAID";
        },
        { timeoutMs: 15_000, what: "the order to be PAID" },
      );
      return { orderId: order.orderId, sessionToken };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      const { disconnectPrisma } = await import("@/lib/platform/db/client");
      const { closeRawPool } = await import("@/lib/platform/db/raw-pool");
      await closeRawPool();
      const { getRedis } = await import("@/lib/platform/redis");
      await disconnectPrisma();
      getRedis().disconnect();
      await sandbox.close();
      await db.drop();
    },
  };
  dispatch = harness.call;
  return harness;
}

/** A plain HTTP server in front of the in-process routes (for callers that need a URL). */
async function serveOverHttp(call: RouteHarness["call"]): Promise<Server> {
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    try {
      const response = await call(incoming.method ?? "GET", incoming.url ?? "/", { headers, body });
      outgoing
        .writeHead(response.status, Object.fromEntries(response.headers))
        .end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
