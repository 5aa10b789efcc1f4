// The HTTP surface the mini program and the wallet see: route handlers called as Next.js calls them,
// on a real database, Redis and the sandbox, configured through the environment like the app.
// Table-driven error cases assert the exact JSON body and status.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/catalog/seed-catalog";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

let db: TestDatabase;
let sandbox: TestSandbox;
let routes: {
  session: typeof import("@/app/api/mini/session/route");
  me: typeof import("@/app/api/mini/me/route");
  orders: typeof import("@/app/api/mini/orders/route");
  order: typeof import("@/app/api/mini/orders/[id]/route");
  notify: typeof import("@/app/api/wallet/notify/[kind]/route");
};

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  Object.assign(process.env, {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: db.url,
    WALLET_BASE_URL: sandbox.url,
    WALLET_CLIENT_ID: sandbox.merchant.clientId,
    MERCHANT_PRIVATE_KEY: sandbox.merchant.privateKeyPem,
    WALLET_PUBLIC_KEY: sandbox.walletPublicKeyPem,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "routes-local-")),
  });
  routes = {
    session: await import("@/app/api/mini/session/route"),
    me: await import("@/app/api/mini/me/route"),
    orders: await import("@/app/api/mini/orders/route"),
    order: await import("@/app/api/mini/orders/[id]/route"),
    notify: await import("@/app/api/wallet/notify/[kind]/route"),
  };
});

afterAll(async () => {
  const { disconnectPrisma } = await import("@/lib/db/client");
  const { getRedis } = await import("@/lib/redis");
  await disconnectPrisma();
  getRedis().disconnect();
  await sandbox?.close();
  await db?.drop();
});

const none = { params: Promise.resolve({}) } as never;

function request(url: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  if (!headers.has("x-forwarded-for"))
    headers.set(
      "x-forwarded-for",
      `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    );
  return new Request(`http://127.0.0.1:3000${url}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
}

async function newSession(scopes = ["USER_ID"]) {
  const { userId } = await sandbox.createUser();
  const { authCode } = await sandbox.createAuthCode(userId, scopes);
  const response = await routes.session.POST(
    request("/api/mini/session", { method: "POST", json: { authCode } }),
    none,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { sessionToken: string; customer: { id: string } };
}

describe("error answers: one JSON shape, a fitting status, never a stack", () => {
  const cases: [string, () => Promise<Response>, number, unknown][] = [
    [
      "session without a JSON body",
      () => routes.session.POST(request("/api/mini/session", { method: "POST", body: "authCode=1" }), none),
      400,
      { error: { code: "VALIDATION_FAILED", message: "The request body must be JSON." } },
    ],
    [
      "session with an empty authCode",
      () =>
        routes.session.POST(request("/api/mini/session", { method: "POST", json: { authCode: "" } }), none),
      400,
      {
        error: {
          code: "VALIDATION_FAILED",
          message: "The request is invalid.",
          details: {
            formErrors: [],
            fieldErrors: { authCode: ["Too small: expected string to have >=1 characters"] },
          },
        },
      },
    ],
    [
      "session with a code the wallet does not know",
      () =>
        routes.session.POST(
          request("/api/mini/session", { method: "POST", json: { authCode: "nope" } }),
          none,
        ),
      401,
      {
        error: {
          code: "AUTH_CODE_REJECTED",
          message: "The wallet rejected the authorization code (INVALID_CODE). Call my.getAuthCode again.",
          details: { resultCode: "INVALID_CODE" },
        },
      },
    ],
    [
      "profile without a session",
      () => routes.me.GET(request("/api/mini/me"), none),
      401,
      {
        error: {
          code: "UNAUTHENTICATED",
          message: "Send `Authorization: Bearer <sessionToken>` from POST /api/mini/session.",
        },
      },
    ],
    [
      "profile with a forged session",
      () =>
        routes.me.GET(
          request("/api/mini/me", { headers: { Authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.e30.x" } }),
          none,
        ),
      401,
      {
        error: {
          code: "UNAUTHENTICATED",
          message: "The session is invalid or expired; start a new session.",
        },
      },
    ],
  ];

  it.each(cases)("%s", async (_name, call, status, body) => {
    const response = await call();
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(body);
    expect(text).not.toMatch(/at .+\.ts:\d+/);
  });

  it("orders need an Idempotency-Key and a valid body", async () => {
    const { sessionToken } = await newSession();
    const auth = { Authorization: `Bearer ${sessionToken}` };
    let response = await routes.orders.POST(
      request("/api/mini/orders", {
        method: "POST",
        headers: auth,
        json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }] },
      }),
      none,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "IDEMPOTENCY_KEY_REQUIRED",
    );

    response = await routes.orders.POST(
      request("/api/mini/orders", {
        method: "POST",
        headers: { ...auth, "Idempotency-Key": crypto.randomUUID() },
        json: { flow: "LAYAWAY", items: [], amount: "1" },
      }),
      none,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; details: { fieldErrors: Record<string, string[]> } };
    };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.details.fieldErrors).sort()).toEqual(["flow", "items"]);
  });

  it("the session route is rate-limited per client address", async () => {
    // A fresh address per run: the counters live in Redis and outlast a test run.
    const address = { "x-forwarded-for": `203.0.113.${crypto.randomUUID()}` };
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await routes.session.POST(
        request("/api/mini/session", { method: "POST", headers: address, json: { authCode: `bad-${i}` } }),
        none,
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
      }
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("a forged wallet notification is answered with an error result", async () => {
    const response = await routes.notify.POST(
      request("/api/wallet/notify/payment", {
        method: "POST",
        headers: {
          "Client-Id": sandbox.merchant.clientId,
          "Request-Time": new Date().toISOString(),
          Signature: "algorithm=RSA256, keyVersion=1, signature=AAAA",
        },
        body: JSON.stringify({ paymentId: "x" }),
      }),
      { params: Promise.resolve({ kind: "payment" }) },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      result: {
        resultCode: "INVALID_SIGNATURE",
        resultStatus: "F",
        resultMessage: "signature verification failed",
      },
    });
  });
});

describe("the happy path over HTTP", () => {
  it("session → order → read it back; another customer cannot see it", async () => {
    const mine = await newSession(["USER_ID", "USER_NAME"]);
    const auth = { Authorization: `Bearer ${mine.sessionToken}` };
    const me = await routes.me.GET(request("/api/mini/me", { headers: auth }), none);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { userInfo: { userName?: unknown } }).userInfo.userName).toBeDefined();

    const key = crypto.randomUUID();
    const created = await routes.orders.POST(
      request("/api/mini/orders", {
        method: "POST",
        headers: { ...auth, "Idempotency-Key": key },
        json: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] },
      }),
      none,
    );
    expect(created.status).toBe(201);
    const order = (await created.json()) as {
      orderId: string;
      status: string;
      redirectionUrl: string;
      amount: unknown;
    };
    expect(order).toMatchObject({ status: "PENDING", amount: { currency: "IQD", value: "2500000" } });
    expect(order.redirectionUrl).toMatch(/^http/);

    const replay = await routes.orders.POST(
      request("/api/mini/orders", {
        method: "POST",
        headers: { ...auth, "Idempotency-Key": key },
        json: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] },
      }),
      none,
    );
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { orderId: string }).orderId).toBe(order.orderId);

    const read = await routes.order.GET(request(`/api/mini/orders/${order.orderId}`, { headers: auth }), {
      params: Promise.resolve({ id: order.orderId }),
    });
    expect(read.status).toBe(200);

    const other = await newSession();
    const hidden = await routes.order.GET(
      request(`/api/mini/orders/${order.orderId}`, {
        headers: { Authorization: `Bearer ${other.sessionToken}` },
      }),
      { params: Promise.resolve({ id: order.orderId }) },
    );
    expect(hidden.status).toBe(404);

    const list = await routes.orders.GET(request("/api/mini/orders", { headers: auth }), none);
    const listed = (await list.json()) as { orders: { orderId: string }[] };
    expect(listed.orders.map((entry) => entry.orderId)).toEqual([order.orderId]);
  });
});
