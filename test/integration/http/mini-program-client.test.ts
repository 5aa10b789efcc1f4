// The mini program's typed client (clients/mini-program): its committed types are exactly what
// openapi-typescript makes of the document the app serves, less the operator console's area, and it
// drives the routes over HTTP the way the mini program does — session, profile, catalog, an order
// with its Idempotency-Key, reading it back — with typed errors.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMiniProgramClient, newIdempotencyKey } from "@/clients/mini-program/client";
import { MINI_PROGRAM_CLIENT_AREAS } from "@/lib/http/contract";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/http/openapi-document";
import { API_TYPES_FILE, renderApiTypes } from "@/scripts/api-types";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;

beforeAll(async () => {
  app = await startRouteHarness();
});
afterAll(() => app?.close());

describe("the mini program client", () => {
  it("is typed by what openapi-typescript makes of the served document without the console's area (npm run api:client)", async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const served = (await response.json()) as OpenApiDocument;
    const forTheMiniProgram = JSON.parse(
      JSON.stringify(buildOpenApiDocument(MINI_PROGRAM_CLIENT_AREAS, { serverUrl: app.url })),
    ) as OpenApiDocument;
    // Every operation and schema the client is typed by is served exactly so.
    for (const [path, item] of Object.entries(forTheMiniProgram.paths ?? {})) {
      expect(served.paths?.[path], path).toEqual(item);
    }
    for (const [name, schema] of Object.entries(forTheMiniProgram.components?.schemas ?? {})) {
      expect(served.components?.schemas?.[name], name).toEqual(schema);
    }
    const types = await renderApiTypes(forTheMiniProgram);
    expect(types).toContain('"/api/mini/orders/{id}/confirm-receipt"');
    // On failure: run `npm run api:client` and commit clients/mini-program/api-types.ts.
    expect(readFileSync(API_TYPES_FILE, "utf8")).toBe(types);
  });

  it("starts a session, reads the catalog, places an order once per key and reads it back", async () => {
    const api = createMiniProgramClient({ baseUrl: app.url });
    const { userId } = await app.sandbox.createUser();
    const { authCode, authSuccessScopes } = await app.sandbox.createAuthCode(userId, [
      "USER_ID",
      "USER_NAME",
    ]);

    const beforeSession = await api.me();
    expect(beforeSession.response.status).toBe(401);
    expect(beforeSession.error?.error.code).toBe("UNAUTHENTICATED");

    const session = await api.startSession(authCode, authSuccessScopes);
    expect(session.response.status).toBe(201);
    expect(session.data?.customer.scopes).toEqual(["USER_ID", "USER_NAME"]);
    const me = await api.me();
    expect(me.data?.userInfo.userName).toBeDefined();

    const catalog = await api.listProducts();
    const coffee = catalog.data?.products.find((product) => product.sku === "COFFEE");
    expect(coffee?.price).toEqual({ currency: "IQD", value: "2500000" });

    const key = newIdempotencyKey();
    const basket = { flow: "CASHIER" as const, items: [{ sku: "COFFEE", quantity: 2 }] };
    const placed = await api.createOrder(basket, key);
    expect(placed.response.status).toBe(201);
    expect(placed.data).toMatchObject({ status: "PENDING", amount: { currency: "IQD", value: "5000000" } });
    const orderId = placed.data?.orderId as string;
    const retried = await api.createOrder(basket, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data?.orderId).toBe(orderId);

    const read = await api.getOrder(orderId);
    expect(read.data).toMatchObject({ orderId, flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 2 }] });
    const listed = await api.listOrders({ limit: 5 });
    expect(listed.data?.orders.map((order) => order.orderId)).toEqual([orderId]);
    expect(listed.data?.nextBefore).toBe(orderId);

    const missing = await api.getOrder(crypto.randomUUID());
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toEqual({ code: "NOT_FOUND", message: "No such order." });
  });

  it("prepares an agreement with the default description", async () => {
    const api = createMiniProgramClient({ baseUrl: app.url });
    const { userId } = await app.sandbox.createUser();
    const { authCode } = await app.sandbox.createAuthCode(userId, ["USER_ID"]);
    await api.startSession(authCode);
    const prepared = await api.prepareAgreement();
    expect(prepared.response.status).toBe(201);
    expect(prepared.data?.authorizationUrl).toMatch(/^http/);
    const refused = await api.bindAgreement({ authCode: "not-a-code" });
    expect(refused.error?.error.code).toBe("AUTH_CODE_REJECTED");
  });
});
