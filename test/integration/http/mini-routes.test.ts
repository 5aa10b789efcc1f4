// The HTTP surface the mini program and the wallet see: the route files called in-process as Next.js
// calls them (test/support/route-harness.ts), on a real database, Redis and the sandbox, configured
// through the environment like the app. Every error code and status the routes can answer is in the
// tables below with its exact JSON body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSessionToken } from "@/lib/customers/session-token";
import { requestEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { ERROR_STATUS } from "@/lib/platform/errors/http-errors";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { waitUntil } from "@/test/support/wait";

let app: RouteHarness;
/** A live session, for cases that must get past authentication to reach what they test. */
let liveToken: string;

beforeAll(async () => {
  app = await startRouteHarness();
  liveToken = (await app.newSession()).sessionToken;
});
afterAll(() => app?.close());
restoreSandboxAfterEach(() => app?.sandbox);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const newKey = () => crypto.randomUUID();

interface OrderAnswer {
  orderId: string;
  status: string;
  redirectionUrl?: string;
  amount: { currency: string; value: string };
}

async function placeOrder(token: string, flow = "CASHIER", items = [{ sku: "COFFEE", quantity: 1 }]) {
  const response = await app.call("POST", "/api/mini/orders", {
    headers: { ...bearer(token), "Idempotency-Key": newKey() },
    json: { flow, items },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as OrderAnswer;
}

/** An escrow order the customer paid at the cashier (the notification reaches the routes over HTTP). */
async function paidEscrowOrder(token: string) {
  const order = await placeOrder(token, "ESCROW", [{ sku: "MUG", quantity: 1 }]);
  const paymentId = (order.redirectionUrl as string).split("/").at(-1) as string;
  await app.sandbox.payAtCashier(paymentId);
  await waitUntil(
    async () => {
      await app.sandbox.tick();
      const read = await app.call("GET", `/api/mini/orders/${order.orderId}`, { headers: bearer(token) });
      return ((await read.json()) as OrderAnswer).status === "PAID";
    },
    { timeoutMs: 15_000, what: "the escrow order to be PAID" },
  );
  return order;
}

async function answerOf(response: Response) {
  const text = await response.text();
  // Never a stack trace, a file path or a driver's message in an answer.
  expect(text).not.toMatch(/\bat .+:\d+:\d+|\.ts\b|node_modules|\/work\/|prisma|invocation/i);
  return { status: response.status, body: JSON.parse(text) as unknown, headers: response.headers };
}

type Case = [name: string, call: () => Promise<Response>, status: number, body: unknown];

/** Bad requests of every kind, each with the one answer it must get. */
const ERROR_CASES: Case[] = [
  [
    "session without a JSON body",
    () => app.call("POST", "/api/mini/session", { body: "authCode=1" }),
    400,
    { error: { code: "VALIDATION_FAILED", message: "The request body must be JSON." } },
  ],
  [
    "session with an empty authCode",
    () => app.call("POST", "/api/mini/session", { json: { authCode: "" } }),
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
    "session with an authCode that breaks the wallet's @ # ? rule (checked before sending)",
    () => app.call("POST", "/api/mini/session", { json: { authCode: "ab@c" } }),
    400,
    {
      error: {
        code: "VALIDATION_FAILED",
        message: "applyToken request is invalid: authCode must not contain @, # or ?",
        details: { issues: [{ field: "authCode", message: "must not contain @, # or ?" }] },
      },
    },
  ],
  [
    "session with a NUL character in the authCode",
    () => app.call("POST", "/api/mini/session", { json: { authCode: "a\u0000b" } }),
    400,
    {
      error: {
        code: "VALIDATION_FAILED",
        message: "Text must not contain the NUL character (\\u0000).",
        details: { field: "body.authCode" },
      },
    },
  ],
  [
    "session with a body nested 40 levels deep",
    () => app.call("POST", "/api/mini/session", { body: `${"[".repeat(40)}${"]".repeat(40)}` }),
    400,
    {
      error: {
        code: "VALIDATION_FAILED",
        message: "The request nests deeper than 32 levels.",
        details: { field: `body${".0".repeat(32)}` },
      },
    },
  ],
  [
    "session with a body over 64 KiB",
    () => app.call("POST", "/api/mini/session", { json: { authCode: "x".repeat(70_000) } }),
    413,
    { error: { code: "PAYLOAD_TOO_LARGE", message: "The request body must be at most 65536 bytes." } },
  ],
  [
    "session posted as an HTML form",
    () =>
      app.call("POST", "/api/mini/session", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "authCode=abc",
      }),
    415,
    {
      error: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "Send the body as JSON (Content-Type: application/json).",
      },
    },
  ],
  [
    "session with a code the wallet does not know",
    () => app.call("POST", "/api/mini/session", { json: { authCode: "nope" } }),
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
    () => app.call("GET", "/api/mini/me"),
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
    () => app.call("GET", "/api/mini/me", { headers: bearer("eyJhbGciOiJIUzI1NiJ9.e30.x") }),
    401,
    {
      error: {
        code: "UNAUTHENTICATED",
        message: "The session is invalid or expired; start a new session.",
      },
    },
  ],
  [
    "an order id that is not a UUID",
    () => app.call("GET", "/api/mini/orders/12345", { headers: bearer(liveToken) }),
    400,
    {
      error: {
        code: "VALIDATION_FAILED",
        message: "The request is invalid.",
        details: { formErrors: [], fieldErrors: { id: ["must be an order id (a UUID)"] } },
      },
    },
  ],
  [
    "an order id with a NUL character",
    () => app.call("GET", "/api/mini/orders/abc%00def", { headers: bearer(liveToken) }),
    400,
    {
      error: {
        code: "VALIDATION_FAILED",
        message: "Text must not contain the NUL character (\\u0000).",
        details: { field: "path.id" },
      },
    },
  ],
  [
    "a path no route serves",
    () => app.call("GET", "/api/mini/nothing-here"),
    404,
    { error: { code: "NOT_FOUND", message: "No API route at /api/mini/nothing-here." } },
  ],
  [
    "a method the route does not serve",
    () => app.call("DELETE", "/api/mini/orders"),
    405,
    { error: { code: "METHOD_NOT_ALLOWED", message: "DELETE is not supported here; use GET, POST." } },
  ],
];

describe("error answers: one JSON shape, the status from the one table, never a stack", () => {
  it.each(ERROR_CASES)("%s", async (_name, call, status, body) => {
    const answer = await answerOf(await call());
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
  });

  it("an unauthenticated caller learns nothing about the rest of its request", async () => {
    const answer = await answerOf(await app.call("GET", "/api/mini/orders/12345", { headers: bearer("x") }));
    expect(answer).toMatchObject({ status: 401, body: { error: { code: "UNAUTHENTICATED" } } });
  });

  it("every status above comes from the one code→status table", () => {
    for (const [, , status, body] of ERROR_CASES) {
      const code = (body as { error: { code: keyof typeof ERROR_STATUS } }).error.code;
      expect(ERROR_STATUS[code]).toBe(status);
    }
  });

  it("a 405 names the methods that are allowed", async () => {
    const response = await app.call("PUT", "/api/mini/session");
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("orders need an Idempotency-Key and a valid body; an authenticated bad query is a 400", async () => {
    const { sessionToken } = await app.newSession();
    const missingKey = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: bearer(sessionToken),
        json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }] },
      }),
    );
    expect(missingKey).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "IDEMPOTENCY_KEY_REQUIRED",
          message:
            "Send an Idempotency-Key header (8-128 characters: letters, digits, . _ : -) unique per request.",
        },
      },
    });

    const invalid = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() },
        json: { flow: "LAYAWAY", items: [], amount: "1" },
      }),
    );
    expect(invalid.status).toBe(400);
    const details = (invalid.body as { error: { details: { fieldErrors: Record<string, string[]> } } }).error
      .details;
    expect(Object.keys(details.fieldErrors).sort()).toEqual(["flow", "items"]);

    const nul = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() },
        json: { flow: "CASHIER", items: [{ sku: "TE\u0000A", quantity: 1 }], note: "ok" },
      }),
    );
    expect(nul).toMatchObject({ status: 400, body: { error: { details: { field: "body.items.0.sku" } } } });

    const noteWithNul = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() },
        json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }], note: "leave at\u0000door" },
      }),
    );
    expect(noteWithNul).toMatchObject({ status: 400, body: { error: { details: { field: "body.note" } } } });

    const badQuery = await answerOf(
      await app.call("GET", "/api/mini/orders?limit=lots", { headers: bearer(sessionToken) }),
    );
    expect(badQuery).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED" } } });
  });

  it("unknown products are a 400 naming them, before anything is stored", async () => {
    const { sessionToken, customerId } = await app.newSession();
    const answer = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() },
        json: { flow: "CASHIER", items: [{ sku: "UNICORN", quantity: 1 }] },
      }),
    );
    expect(answer).toEqual({
      status: 400,
      headers: expect.anything(),
      body: {
        error: {
          code: "VALIDATION_FAILED",
          message: "Unknown or unavailable products: UNICORN.",
          details: { unknown: ["UNICORN"] },
        },
      },
    });
    expect(await app.db.prisma.order.count({ where: { customerId } })).toBe(0);
  });

  it("the same Idempotency-Key with another basket is a 422", async () => {
    const { sessionToken } = await app.newSession();
    const key = newKey();
    const first = await app.call("POST", "/api/mini/orders", {
      headers: { ...bearer(sessionToken), "Idempotency-Key": key },
      json: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] },
    });
    const { orderId } = (await first.json()) as OrderAnswer;
    const second = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: { ...bearer(sessionToken), "Idempotency-Key": key },
        json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }] },
      }),
    );
    expect(second.status).toBe(422);
    expect(second.body).toEqual({
      error: {
        code: "IDEMPOTENCY_KEY_REUSED",
        message:
          "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
        details: { orderId },
      },
    });
  });

  it("an agreement payment without a bound agreement is a 409", async () => {
    const { sessionToken } = await app.newSession();
    const answer = await answerOf(
      await app.call("POST", "/api/mini/orders", {
        headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() },
        json: { flow: "AGREEMENT", items: [{ sku: "COFFEE", quantity: 1 }] },
      }),
    );
    expect(answer).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "ORDER_STATUS_INVALID",
          message:
            "No active payment agreement. Prepare one with POST /api/mini/agreements and bind it first.",
        },
      },
    });
  });

  it("another customer's order is a 404, not a 403", async () => {
    const mine = await app.newSession();
    const order = await placeOrder(mine.sessionToken);
    const other = await app.newSession();
    const answer = await answerOf(
      await app.call("GET", `/api/mini/orders/${order.orderId}`, { headers: bearer(other.sessionToken) }),
    );
    expect(answer).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "No such order." } },
    });
  });

  it("the session route is rate-limited per client address", async () => {
    const address = { "x-forwarded-for": `203.0.113.${crypto.randomUUID()}` };
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await app.call("POST", "/api/mini/session", {
        headers: address,
        json: { authCode: `bad-${i}` },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
      }
    }
    expect(statuses.slice(0, 20), "the first 20 answers").toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("a client cannot escape the rate limit by sending X-Forwarded-For entries of its own", async () => {
    // One proxy in front (TRUSTED_PROXY_HOPS=1) appends the real address after whatever the client sent.
    const realAddress = `203.0.113.${crypto.randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await app.call("POST", "/api/mini/session", {
        headers: { "x-forwarded-for": `198.51.100.${i}, ${realAddress}` },
        json: { authCode: `bad-${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20), "the first 20 answers").toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it("an unknown wallet outcome on the session is a 503 asking for a new code", async () => {
    const { userId } = await app.sandbox.createUser();
    const { authCode } = await app.sandbox.createAuthCode(userId, ["USER_ID"]);
    await app.sandbox.setFault("applyToken", "U");
    const answer = await answerOf(await app.call("POST", "/api/mini/session", { json: { authCode } }));
    expect(answer).toMatchObject({
      status: 503,
      body: {
        error: {
          code: "WALLET_UNAVAILABLE",
          message: "The wallet did not confirm the authorization. Call my.getAuthCode again and retry.",
        },
      },
    });
  });

  it("an unexpected failure is an opaque 500 whose reference is in the log, nothing else", async () => {
    const { sessionToken } = await app.newSession();
    // A table the order path needs goes missing: nothing our code expects.
    await app.db.prisma.$executeRawUnsafe("ALTER TABLE products RENAME TO products_away");
    try {
      const answer = await answerOf(
        await app.call("POST", "/api/mini/orders", {
          headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() },
          json: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] },
        }),
      );
      expect(answer.status).toBe(500);
      const error = (
        answer.body as { error: { code: string; message: string; details: { reference: string } } }
      ).error;
      expect(error.code).toBe("INTERNAL");
      expect(error.message).toBe(`Something went wrong. Reference: ${error.details.reference}`);
      expect(error.details.reference).toMatch(/^[0-9a-f-]{36}$/);
      expect(Object.keys(error).sort()).toEqual(["code", "details", "message"]);
    } finally {
      await app.db.prisma.$executeRawUnsafe("ALTER TABLE products_away RENAME TO products");
    }
  });
});

describe("a session whose customer is gone (the database was restored or reset)", () => {
  it("every customer route answers 401 REAUTHORIZE alike", async () => {
    const { sessionToken, customerId } = await app.newSession();
    await app.db.prisma.walletToken.deleteMany({ where: { customerId } });
    await app.db.prisma.customer.delete({ where: { id: customerId } });
    const auth = { headers: { ...bearer(sessionToken), "Idempotency-Key": newKey() } };
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/mini/me"],
      ["GET", "/api/mini/orders"],
      ["POST", "/api/mini/orders", { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] }],
      ["GET", `/api/mini/orders/${crypto.randomUUID()}`],
      ["POST", `/api/mini/orders/${crypto.randomUUID()}/confirm-receipt`],
      ["POST", "/api/mini/agreements", {}],
      ["POST", "/api/mini/agreements/bind", { authCode: "abc" }],
    ];
    for (const [method, path, json] of calls) {
      const answer = await answerOf(await app.call(method, path, { ...auth, json }));
      expect({ path, method, ...answer, headers: undefined }).toEqual({
        path,
        method,
        status: 401,
        headers: undefined,
        body: {
          error: {
            code: "REAUTHORIZE",
            message:
              "This session's customer is no longer known. Call my.getAuthCode again and start a new session.",
          },
        },
      });
    }
  });

  it("a session token signed for a customer id that never existed is the same 401", async () => {
    const { sessionToken: token } = await issueSessionToken(
      crypto.randomUUID(),
      process.env.SESSION_SECRET as string,
    );
    const answer = await answerOf(await app.call("GET", "/api/mini/orders", { headers: bearer(token) }));
    expect(answer).toMatchObject({ status: 401, body: { error: { code: "REAUTHORIZE" } } });
  });
});

describe("agreements over HTTP", () => {
  it("prepare → the user signs → bind → pay silently (S → PAID)", async () => {
    const { sessionToken, userId } = await app.newSession();
    const prepared = await app.call("POST", "/api/mini/agreements", {
      headers: bearer(sessionToken),
      json: { contractDescription: "Weekly coffee" },
    });
    expect(prepared.status).toBe(201);
    const { agreementId, authorizationUrl } = (await prepared.json()) as {
      agreementId: string;
      authorizationUrl: string;
    };
    expect(authorizationUrl).toMatch(/^http/);
    const { authCode } = await app.sandbox.control<{ authCode: string }>(
      "POST",
      "/sandbox/agreements/authorize",
      {
        authorizationUrl,
        userId,
      },
    );
    const bound = await app.call("POST", "/api/mini/agreements/bind", {
      headers: bearer(sessionToken),
      json: { authCode, agreementId },
    });
    expect(bound.status).toBe(200);
    expect(await bound.json()).toMatchObject({ agreementId, status: "ACTIVE" });
    const order = await placeOrder(sessionToken, "AGREEMENT");
    expect(order.status).toBe("PAID");
    const events = await app.db.prisma.customerEvent.findMany({ where: { subjectId: agreementId } });
    expect(events.map((event) => event.type)).toEqual(["AGREEMENT_ACTIVE"]);
  });

  it("binding without a prepared agreement is a 404; a code the wallet refuses is a 401", async () => {
    const { sessionToken } = await app.newSession();
    const nothing = await answerOf(
      await app.call("POST", "/api/mini/agreements/bind", {
        headers: bearer(sessionToken),
        json: { authCode: "x" },
      }),
    );
    expect(nothing).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "No prepared agreement to bind; prepare one first." } },
    });
    await app.call("POST", "/api/mini/agreements", { headers: bearer(sessionToken), json: {} });
    const refused = await answerOf(
      await app.call("POST", "/api/mini/agreements/bind", {
        headers: bearer(sessionToken),
        json: { authCode: "not-a-code" },
      }),
    );
    expect(refused).toMatchObject({
      status: 401,
      body: {
        error: {
          code: "AUTH_CODE_REJECTED",
          message: "The wallet rejected the agreement code (INVALID_CODE).",
          details: { resultCode: "INVALID_CODE" },
        },
      },
    });
  });

  it("an agreement another wallet user signed cannot be bound: 403", async () => {
    const mine = await app.newSession();
    const prepared = await app.call("POST", "/api/mini/agreements", {
      headers: bearer(mine.sessionToken),
      json: {},
    });
    const { authorizationUrl } = (await prepared.json()) as { authorizationUrl: string };
    const stranger = await app.sandbox.createUser();
    const { authCode } = await app.sandbox.control<{ authCode: string }>(
      "POST",
      "/sandbox/agreements/authorize",
      {
        authorizationUrl,
        userId: stranger.userId,
      },
    );
    const answer = await answerOf(
      await app.call("POST", "/api/mini/agreements/bind", {
        headers: bearer(mine.sessionToken),
        json: { authCode },
      }),
    );
    expect(answer).toMatchObject({
      status: 403,
      body: {
        error: {
          code: "FORBIDDEN",
          message: "The agreement was signed by a different wallet user than this session's.",
        },
      },
    });
  });
});

describe("confirm-receipt over HTTP", () => {
  it("before the merchant accepted: 409 ESCROW_NOT_ACCEPTED in words; after: 200, and a second tap answers the same", async () => {
    const { sessionToken } = await app.newSession();
    const order = await paidEscrowOrder(sessionToken);
    const early = await answerOf(
      await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
        headers: bearer(sessionToken),
      }),
    );
    expect({ status: early.status, body: early.body }).toEqual({
      status: 409,
      body: {
        error: {
          code: "ESCROW_NOT_ACCEPTED",
          message:
            "The shop has not accepted this order yet. Receipt can be confirmed once it has: read the order again later.",
          details: { status: "PAID" },
        },
      },
    });

    await requestEscrowOperation(getServiceContext(), order.orderId, {
      type: "ACCEPT",
      requestedBy: "operator:test",
    });
    const confirmed = await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
      headers: bearer(sessionToken),
    });
    expect(confirmed.status).toBe(200);
    const first = (await confirmed.json()) as { operation: { id: string } };
    expect(first).toMatchObject({
      orderId: order.orderId,
      status: "CONFIRMED",
      operation: { status: "SUCCESS" },
    });

    const again = await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
      headers: bearer(sessionToken),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: "CONFIRMED", operation: { id: first.operation.id } });
    const confirms = await app.db.prisma.escrowOperation.count({
      where: { orderId: order.orderId, type: "CONFIRM" },
    });
    expect(confirms, "confirm operations sent to the wallet").toBe(1);
  });

  it("of a cancelled escrow order: 409 saying the money went back, in words", async () => {
    const { sessionToken } = await app.newSession();
    const order = await paidEscrowOrder(sessionToken);
    await requestEscrowOperation(getServiceContext(), order.orderId, {
      type: "CANCEL",
      requestedBy: "operator:test",
    });
    const answer = await answerOf(
      await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
        headers: bearer(sessionToken),
      }),
    );
    expect(answer).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "ORDER_STATUS_INVALID",
          message:
            "This order was cancelled and its money returned to the customer: there is nothing to confirm.",
        },
      },
    });
  });

  it("of a cashier order: 422; of another customer's order: 404", async () => {
    const { sessionToken } = await app.newSession();
    const order = await placeOrder(sessionToken);
    const cashier = await answerOf(
      await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
        headers: bearer(sessionToken),
      }),
    );
    expect(cashier).toMatchObject({
      status: 422,
      body: {
        error: {
          code: "ORDER_UNSUPPORTED_OPERATION",
          message: "Only escrow orders have accept, confirm, cancel and void.",
        },
      },
    });
    const other = await app.newSession();
    const hidden = await answerOf(
      await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
        headers: bearer(other.sessionToken),
      }),
    );
    expect(hidden.status).toBe(404);
  });

  it("while a confirm's outcome is unknown: 202, and a second confirm is a 409 until it settles", async () => {
    const { sessionToken } = await app.newSession();
    const order = await paidEscrowOrder(sessionToken);
    await requestEscrowOperation(getServiceContext(), order.orderId, {
      type: "ACCEPT",
      requestedBy: "operator:test",
    });
    await app.sandbox.setFault("confirm", "U");
    const pending = await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
      headers: bearer(sessionToken),
    });
    expect(pending.status).toBe(202);
    const body = (await pending.json()) as { status: string; operation: { id: string; status: string } };
    expect(body).toMatchObject({ status: "ACCEPTED", operation: { status: "UNKNOWN" } });
    const again = await answerOf(
      await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
        headers: bearer(sessionToken),
      }),
    );
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "OPERATION_IN_PROGRESS",
          message: "A confirm of this order is still in progress.",
          details: { operationId: body.operation.id },
        },
      },
    });
  });

  it("the wallet refusing the confirm is a 422 with its resultCode", async () => {
    const { sessionToken } = await app.newSession();
    const order = await paidEscrowOrder(sessionToken);
    await requestEscrowOperation(getServiceContext(), order.orderId, {
      type: "ACCEPT",
      requestedBy: "operator:test",
    });
    // Behind our back, the whole payment is voided at the wallet: its confirm can only be refused.
    const stored = await app.db.prisma.order.findUniqueOrThrow({ where: { id: order.orderId } });
    const voided = await app.sandbox.client().void({
      paymentId: stored.paymentId as string,
      voidRequestId: `void_${crypto.randomUUID().slice(0, 8)}`,
    });
    expect(voided.status).toBe("S");
    const answer = await answerOf(
      await app.call("POST", `/api/mini/orders/${order.orderId}/confirm-receipt`, {
        headers: bearer(sessionToken),
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: { code: "WALLET_REJECTED", details: { resultCode: "ORDER_STATUS_INVALID" } },
    });
  });
});

describe("the wallet's notification route", () => {
  const notify = (kind: string, init: Parameters<RouteHarness["call"]>[2] = {}) =>
    app.call("POST", `/api/wallet/notify/${kind}`, init);

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "PAYMENT", "payments"])(
    "an unknown kind (%s) is a 404 in the wallet's result format",
    async (kind) => {
      const answer = await answerOf(await notify(kind, { body: "{}" }));
      expect(answer).toMatchObject({
        status: 404,
        body: {
          result: {
            resultCode: "NOT_FOUND",
            resultStatus: "F",
            resultMessage: "Unknown notification kind; the wallet posts payment, void or refund.",
          },
        },
      });
    },
  );

  it("a forged notification is a 401 INVALID_SIGNATURE and is only counted", async () => {
    const address = { "x-forwarded-for": `198.51.100.${crypto.randomUUID()}` };
    const answer = await answerOf(
      await notify("payment", {
        headers: {
          ...address,
          "Client-Id": app.sandbox.merchant.clientId,
          "Request-Time": new Date().toISOString(),
          Signature: "algorithm=RSA256, keyVersion=1, signature=AAAA",
        },
        body: JSON.stringify({ paymentId: "x" }),
      }),
    );
    expect(answer).toMatchObject({
      status: 401,
      body: {
        result: {
          resultCode: "INVALID_SIGNATURE",
          resultStatus: "F",
          resultMessage: "signature verification failed",
        },
      },
    });
  });

  it("a raw body with NUL bytes is refused, counted, and stored safely", async () => {
    const address = `198.51.100.nul-${crypto.randomUUID()}`;
    const answer = await answerOf(
      await notify("refund", {
        headers: { "x-forwarded-for": address, "Content-Type": "application/json" },
        body: '{"refundId":"a\u0000b"}\u0000',
      }),
    );
    expect(answer.status).toBe(401);
    const counted = await app.db.prisma.notificationRejection.findFirstOrThrow({
      where: { sourceAddress: address },
    });
    expect(counted.sampleBody).toBe('{"refundId":"a\\u0000b"}\\u0000');
  });

  it("an address that keeps sending unverifiable notifications is refused unheard (429)", async () => {
    const address = { "x-forwarded-for": `198.51.100.flood-${crypto.randomUUID()}` };
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await notify("void", { headers: address, body: "{}" })).status);
    expect(statuses.slice(0, 30), "the first 30 answers").toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const counted = await app.db.prisma.notificationRejection.aggregate({
      _sum: { count: true },
      where: { sourceAddress: address["x-forwarded-for"] },
    });
    expect(counted._sum.count).toBe(30);
  });

  it("a body over 256 KiB is a 413; GET is a 405", async () => {
    const big = await answerOf(await notify("payment", { body: `{"x":"${"y".repeat(300_000)}"}` }));
    expect(big).toMatchObject({
      status: 413,
      body: { result: { resultCode: "PAYLOAD_TOO_LARGE", resultStatus: "F" } },
    });
    const get = await answerOf(await app.call("GET", "/api/wallet/notify/payment"));
    expect(get).toMatchObject({ status: 405, body: { error: { code: "METHOD_NOT_ALLOWED" } } });
  });
});

describe("health over HTTP", () => {
  it("live answers without asking anything; ready names the database, Redis and the wallet", async () => {
    const live = await app.call("GET", "/api/health/live");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });

    for (const path of ["/api/health/ready", "/api/health"]) {
      const ready = await app.call("GET", path);
      expect(ready.status).toBe(200);
      expect(ready.headers.get("Cache-Control")).toBe("no-store");
      const report = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }> };
      expect(report.status).toBe("ok");
      expect(Object.keys(report.checks).sort()).toEqual(["database", "redis", "wallet"]);
      expect(report.checks.database, "the database check").toMatchObject({ ok: true });
    }
  });
});

describe("the happy path over HTTP", () => {
  it("session → profile → order → replay → read it back → list", async () => {
    const mine = await app.newSession(["USER_ID", "USER_NAME"]);
    const auth = bearer(mine.sessionToken);
    const me = await app.call("GET", "/api/mini/me", { headers: auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { userInfo: { userName?: unknown } }).userInfo.userName).toBeDefined();

    const key = newKey();
    const basket = { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] };
    const created = await app.call("POST", "/api/mini/orders", {
      headers: { ...auth, "Idempotency-Key": key },
      json: basket,
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as OrderAnswer;
    expect(order).toMatchObject({ status: "PENDING", amount: { currency: "IQD", value: "2500000" } });
    expect(order.redirectionUrl).toMatch(/^http/);

    const replay = await app.call("POST", "/api/mini/orders", {
      headers: { ...auth, "Idempotency-Key": key },
      json: basket,
    });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as OrderAnswer).orderId).toBe(order.orderId);

    const read = await app.call("GET", `/api/mini/orders/${order.orderId}`, { headers: auth });
    expect(read.status).toBe(200);

    const list = await app.call("GET", "/api/mini/orders", { headers: auth });
    const listed = (await list.json()) as { orders: { orderId: string }[] };
    expect(listed.orders.map((entry) => entry.orderId)).toEqual([order.orderId]);
  });
});
