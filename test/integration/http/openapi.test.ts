// The served OpenAPI document against the app itself, on a real database, Redis and the sandbox: every
// route file and method it serves is documented (and nothing else), and the real answers of the
// routes — sent the contracts' own example requests where they can be sent as they are — fit the
// documented schema of their status, headers included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_AREAS } from "@/lib/http/contract";
import type { Endpoint } from "@/lib/http/contract/endpoint";
import * as health from "@/lib/http/contract/health";
import { bindAgreement, prepareAgreement } from "@/lib/http/contract/mini/agreements";
import { listProducts } from "@/lib/http/contract/mini/catalog";
import { confirmReceipt, createOrder, getOrder, listOrders } from "@/lib/http/contract/mini/orders";
import { getProfile, startSession } from "@/lib/http/contract/mini/session";
import * as walletNotify from "@/lib/http/contract/wallet-notify";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/http/openapi-document";
import { requestEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { getServiceContext } from "@/lib/platform/context/service-context";
import {
  type ContractCalls,
  contractCalls,
  type ExampleRequest,
  exampleRequest,
} from "@/test/support/contract-calls";
import { type OpenApiChecker, openApiChecker } from "@/test/support/openapi";
import { HTTP_METHODS, type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { waitUntil } from "@/test/support/wait";

let app: RouteHarness;
let document: OpenApiDocument;
let checker: OpenApiChecker;
let calls: ContractCalls;

beforeAll(async () => {
  app = await startRouteHarness();
  const served = await app.call("GET", "/api/openapi.json");
  document = (await served.json()) as OpenApiDocument;
  checker = openApiChecker(document);
  calls = contractCalls(app, checker);
});
afterAll(() => app?.close());

/** Sends `request` to the endpoint's route as the mini program (or the wallet) would. */
function send(endpoint: Endpoint, request: ExampleRequest, sessionToken?: string): Promise<Response> {
  return calls.send(endpoint, request, sessionToken ? { Authorization: `Bearer ${sessionToken}` } : {});
}

function expectDocumented(endpoint: Endpoint, response: Response, status: number) {
  return calls.expectDocumented(endpoint, response, status);
}

describe("GET /api/openapi.json", () => {
  it("is the document built from the contracts, naming this deployment, cacheable and revalidated", async () => {
    expect(document).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(API_AREAS, { serverUrl: app.url }))),
    );
    expect(document.servers).toEqual([{ url: app.url }]);
    const first = await app.call("GET", "/api/openapi.json");
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = first.headers.get("etag") ?? "";
    const again = await app.call("GET", "/api/openapi.json", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("the document and the route files agree", () => {
  const asDocumented = (pattern: string) => pattern.replace(/\[(\w+)\]/g, "{$1}");

  it("every method a route file serves is documented, and every documented one is served", async () => {
    const served: string[] = [];
    for (const route of app.routes) {
      // The catch-all only turns unknown /api paths into our 404.
      if (route.segments.some((segment) => segment.startsWith("[..."))) continue;
      const probePath = route.pattern.replace(/\[\w+\]/g, "probe");
      for (const method of HTTP_METHODS) {
        // A method a route file does not serve answers 405 (ours, or Next's own without a handler).
        const response = await app.call(method, probePath);
        if (response.status !== 405) served.push(`${method} ${asDocumented(route.pattern)}`);
      }
    }
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object)
        .filter((key) => HTTP_METHODS.includes(key.toUpperCase() as (typeof HTTP_METHODS)[number]))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.length).toBeGreaterThanOrEqual(14);
    expect(served.sort()).toEqual(documented.sort());
  });
});

describe("the mini program routes answer what the document says", () => {
  it("session: a fresh authCode starts one (201); a code the wallet refuses is a 401", async () => {
    const { userId } = await app.sandbox.createUser();
    const { authCode, authSuccessScopes } = await app.sandbox.createAuthCode(userId, ["USER_ID"]);
    const request = exampleRequest(startSession, "new-session");
    await expectDocumented(
      startSession,
      await send(startSession, { ...request, body: { authCode, authSuccessScopes } }),
      201,
    );
    const refused = exampleRequest(startSession, "used-auth-code");
    await expectDocumented(startSession, await send(startSession, refused), 401);
  });

  it("profile: 200 with a session, 401 without", async () => {
    const { sessionToken } = await app.newSession(["USER_ID", "USER_NAME"]);
    const request = exampleRequest(getProfile, "profile");
    await expectDocumented(getProfile, await send(getProfile, request, sessionToken), 200);
    await expectDocumented(getProfile, await send(getProfile, request), 401);
  });

  it("products: 200, 304 for the current ETag, an opaque 500 when the catalog is gone", async () => {
    const request = exampleRequest(listProducts, "catalog");
    const first = await send(listProducts, request);
    const etag = first.headers.get("etag") ?? "";
    await expectDocumented(listProducts, first, 200);
    const revalidated = await send(listProducts, { headers: { "If-None-Match": etag } });
    await expectDocumented(listProducts, revalidated, 304);
    await app.db.prisma.$executeRawUnsafe("ALTER TABLE products RENAME TO products_away");
    try {
      await expectDocumented(listProducts, await send(listProducts, request), 500);
    } finally {
      await app.db.prisma.$executeRawUnsafe("ALTER TABLE products_away RENAME TO products");
    }
  });

  it("orders: the example order is placed (201), replayed (200), listed and read; bad input is a 400", async () => {
    const { sessionToken } = await app.newSession();
    const order = exampleRequest(createOrder, "cashier-order");
    const placed = await expectDocumented(createOrder, await send(createOrder, order, sessionToken), 201);
    await expectDocumented(createOrder, await send(createOrder, order, sessionToken), 200);
    const unknown = exampleRequest(createOrder, "unknown-product");
    await expectDocumented(createOrder, await send(createOrder, unknown, sessionToken), 400);
    await expectDocumented(
      createOrder,
      await send(createOrder, { body: order.body }, sessionToken),
      400, // no Idempotency-Key
    );

    const page = exampleRequest(listOrders, "first-page");
    const listed = await expectDocumented(listOrders, await send(listOrders, page, sessionToken), 200);
    expect(listed.orders).toHaveLength(1);
    await expectDocumented(listOrders, await send(listOrders, { query: { limit: 0 } }, sessionToken), 400);

    const read = { params: { id: placed.orderId as string } };
    await expectDocumented(getOrder, await send(getOrder, read, sessionToken), 200);
    const missing = exampleRequest(getOrder, "someone-elses-order");
    await expectDocumented(getOrder, await send(getOrder, missing, sessionToken), 404);
    await expectDocumented(getOrder, await send(getOrder, { params: { id: "12345" } }, sessionToken), 400);
  });

  it("confirm-receipt: 409 before the merchant accepted, 200 after; the wallet's notification fit its schema", async () => {
    const { sessionToken } = await app.newSession();
    const placed = await expectDocumented(
      createOrder,
      await send(
        createOrder,
        {
          headers: { "Idempotency-Key": crypto.randomUUID() },
          body: { flow: "ESCROW", items: [{ sku: "MUG", quantity: 1 }] },
        },
        sessionToken,
      ),
      201,
    );
    const orderId = placed.orderId as string;
    const paymentId = (placed.redirectionUrl as string).split("/").at(-1) as string;
    await app.sandbox.payAtCashier(paymentId);
    await waitUntil(
      async () => {
        await app.sandbox.tick();
        const read = await send(getOrder, { params: { id: orderId } }, sessionToken);
        return ((await expectDocumented(getOrder, read, 200)).status as string) === "PAID";
      },
      { timeoutMs: 15_000, what: "the escrow order to be PAID" },
    );
    // The payment notification the wallet sent (through the harness's HTTP server) was acknowledged.
    const [delivered] = await app.sandbox.notifications({ paymentId });
    expect(
      delivered?.attempts.map((attempt) => attempt.httpStatus),
      "delivery attempts' HTTP statuses",
    ).toContain(200);
    expect(
      checker.requestBodyProblems(walletNotify.receiveWalletNotification.path, "post", delivered?.payload),
    ).toEqual([]);

    const confirm = { params: { id: orderId } };
    await expectDocumented(confirmReceipt, await send(confirmReceipt, confirm, sessionToken), 409);
    await requestEscrowOperation(getServiceContext(), orderId, {
      type: "ACCEPT",
      requestedBy: "operator:test",
    });
    const confirmed = await expectDocumented(
      confirmReceipt,
      await send(confirmReceipt, confirm, sessionToken),
      200,
    );
    expect(confirmed.status).toBe("CONFIRMED");
  });

  it("agreements: prepared (201), signed and bound (200); nothing prepared is a 404, bad input a 400", async () => {
    const { sessionToken, userId } = await app.newSession();
    const nothing = exampleRequest(bindAgreement, "nothing-prepared");
    await expectDocumented(bindAgreement, await send(bindAgreement, nothing, sessionToken), 404);

    const prepareRequest = exampleRequest(prepareAgreement, "weekly-coffee");
    const prepared = await expectDocumented(
      prepareAgreement,
      await send(prepareAgreement, prepareRequest, sessionToken),
      201,
    );
    await expectDocumented(
      prepareAgreement,
      await send(prepareAgreement, { body: { contractDescription: "" } }, sessionToken),
      400,
    );
    const { authCode } = await app.sandbox.control<{ authCode: string }>(
      "POST",
      "/sandbox/agreements/authorize",
      {
        authorizationUrl: prepared.authorizationUrl,
        userId,
      },
    );
    const bound = await expectDocumented(
      bindAgreement,
      await send(
        bindAgreement,
        { body: { authCode, agreementId: prepared.agreementId as string } },
        sessionToken,
      ),
      200,
    );
    expect(bound.status).toBe("ACTIVE");
  });
});

describe("the other routes answer what the document says", () => {
  it("the wallet's notification route: a forged notification is a 401, an unknown kind a 404", async () => {
    const endpoint = walletNotify.receiveWalletNotification;
    await expectDocumented(endpoint, await send(endpoint, exampleRequest(endpoint, "forged")), 401);
    await expectDocumented(endpoint, await send(endpoint, { params: { kind: "payments" }, body: {} }), 404);
  });

  it("health: live and ready", async () => {
    for (const endpoint of [health.getLiveness, health.getReadiness, health.getHealth]) {
      await expectDocumented(endpoint, await send(endpoint, {}), 200);
    }
  });
});
