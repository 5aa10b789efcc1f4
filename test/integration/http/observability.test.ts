// Request ids and metrics through the real route files (in-process, as Next.js calls them): every
// answer carries an X-Request-Id (the caller's when sane), the wallet calls a request makes are filed
// under it, and GET /api/metrics serves this instance's Prometheus metrics — labelled by route
// pattern, never a raw path — behind METRICS_TOKEN when one is set.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/platform/env";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";

const prefix = uniquePrefix();
let app: RouteHarness;
let session: { sessionToken: string };

beforeAll(async () => {
  app = await startRouteHarness({ extraEnv: { QUEUE_PREFIX: prefix } });
  session = await app.newSession();
});
afterAll(async () => {
  await app?.close();
  await deletePrefix(SHARED_REDIS_URL, prefix);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function placeOrder(headers: Record<string, string> = {}) {
  const response = await app.call("POST", "/api/mini/orders", {
    headers: {
      Authorization: `Bearer ${session.sessionToken}`,
      "Idempotency-Key": crypto.randomUUID(),
      ...headers,
    },
    json: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] },
  });
  expect(response.status).toBe(201);
  return { response, order: (await response.json()) as { orderId: string } };
}

describe("request ids", () => {
  it("echoes the caller's X-Request-Id and files the request's wallet calls under it", async () => {
    const requestId = `mini-${crypto.randomUUID()}`;
    const { response, order } = await placeOrder({ "X-Request-Id": requestId });
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const calls = await app.db.prisma.walletCall.findMany({ where: { orderId: order.orderId } });
    expect(calls.map((call) => [call.operation, call.requestId])).toEqual([["pay", requestId]]);
  });

  it("gives a request without one (or with an unusable one) a fresh id, also on its wallet calls", async () => {
    for (const offered of [undefined, "not a token; at all", "x".repeat(200)]) {
      const { response, order } = await placeOrder(offered ? { "X-Request-Id": offered } : {});
      const requestId = response.headers.get("x-request-id") as string;
      expect(requestId).toMatch(UUID);
      const call = await app.db.prisma.walletCall.findFirstOrThrow({ where: { orderId: order.orderId } });
      expect(call.requestId).toBe(requestId);
    }
  });

  it.each([
    ["an error from the boundary", "GET", "/api/mini/orders"],
    ["a method the route does not serve", "DELETE", "/api/mini/orders"],
    ["a path no route serves", "GET", "/api/no/such/route"],
    ["a notification that fails verification", "POST", "/api/wallet/notify/payment"],
  ])("is on every answer, %s too", async (_what, method, path) => {
    const response = await app.call(method, path, {
      headers: { "X-Request-Id": "trace-me-1" },
      ...(method === "POST" ? { body: "{}" } : {}),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get("x-request-id")).toBe("trace-me-1");
  });
});

describe("GET /api/metrics", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["METRICS_TOKEN", "METRICS_ENABLED", "NODE_ENV"]) delete process.env[name];
    Object.assign(process.env, saved);
    resetEnvForTests();
  });

  async function scrape(headers: Record<string, string> = {}) {
    const response = await app.call("GET", "/api/metrics", { headers });
    return { response, text: await response.text() };
  }

  it("serves this instance's metrics in Prometheus text: requests by route pattern, wallet calls, queues, backlog, breaker", async () => {
    const { order } = await placeOrder();
    await app.call("GET", `/api/mini/orders/${order.orderId}`, {
      headers: { Authorization: `Bearer ${session.sessionToken}` },
    });
    await app.call("GET", `/api/no/such/${crypto.randomUUID()}`);
    // A forged notification (no signature): refused, and counted by reason.
    await app.call("POST", "/api/wallet/notify/payment", {
      headers: { "Client-Id": app.sandbox.merchant.clientId },
      body: "{}",
    });

    const { response, text } = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const series = (name: string, labels: string) =>
      text.split("\n").find((line) => line.startsWith(`${name}{`) && line.includes(labels));
    expect(series("http_request_duration_seconds_count", 'route="/api/mini/orders/[id]"')).toMatch(
      /method="GET".*status="200"/,
    );
    expect(series("http_request_duration_seconds_count", 'route="/api/mini/orders"')).toMatch(/status="201"/);
    expect(series("http_request_duration_seconds_count", 'route="/api/[...path]"')).toMatch(/status="404"/);
    // No raw path, order id or address ever becomes a label value.
    expect(text).not.toContain(order.orderId);
    expect(text).not.toContain("/api/no/such");
    expect(series("wallet_call_duration_seconds_count", 'operation="pay"')).toMatch(
      /status="A",unknown_cause=""\} [1-9]/,
    );
    expect(series("notification_verification_failures_total", 'reason="MISSING_SIGNATURE"')).toMatch(
      / [1-9]/,
    );
    expect(series("queue_jobs", 'queue="reconcile",state="waiting"')).toBeDefined();
    expect(series("queue_oldest_waiting_age_seconds", 'queue="token-refresh"')).toBeDefined();
    expect(series("reconcile_backlog", 'kind="orders"')).toBeDefined();
    expect(text).toMatch(/^orders_needing_attention \d+$/m);
    expect(series("wallet_circuit_breaker_state", 'state="closed"')).toMatch(/ 1$/);
    expect(series("scrape_source_up", 'source="database"')).toMatch(/ 1$/);
    expect(series("scrape_source_up", 'source="queues"')).toMatch(/ 1$/);
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("counts the backlog the scans will work on: an order whose pay answered U is due for reconciliation", async () => {
    await app.sandbox.setFault("pay", "U", 1);
    const { order } = await placeOrder();
    await app.db.prisma.order.update({
      where: { id: order.orderId },
      data: { nextReconcileAt: new Date(0) },
    });
    await app.db.prisma.order.update({ where: { id: order.orderId }, data: { needsAttention: true } });
    // Database counts are cached for a few seconds; wait past that.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const { text } = await scrape();
    expect(text).toMatch(/^reconcile_backlog\{kind="orders"\} [1-9]/m);
    expect(text).toMatch(/^orders_needing_attention [1-9]/m);
  });

  it("asks for METRICS_TOKEN as a bearer token when one is set", async () => {
    process.env.METRICS_TOKEN = "local-metrics-token";
    resetEnvForTests();
    const refused: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-token" },
      { Authorization: "local-metrics-token" },
    ];
    for (const headers of refused) {
      const { response, text } = await scrape(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(JSON.parse(text)).toEqual({
        error: {
          code: "UNAUTHENTICATED",
          message: "Send `Authorization: Bearer <METRICS_TOKEN>` to read the metrics.",
        },
      });
    }
    const { response } = await scrape({ Authorization: "Bearer local-metrics-token" });
    expect(response.status).toBe(200);
  });

  it("is 404 when metrics are off, and in production when no token is set", async () => {
    process.env.METRICS_ENABLED = "false";
    resetEnvForTests();
    const off = await scrape();
    expect(off.response.status).toBe(404);
    expect(JSON.parse(off.text)).toMatchObject({ error: { code: "NOT_FOUND" } });

    process.env.METRICS_ENABLED = "true";
    Object.assign(process.env, { NODE_ENV: "production" });
    resetEnvForTests();
    expect((await scrape()).response.status).toBe(404);
    process.env.METRICS_TOKEN = "a-production-metrics-token";
    resetEnvForTests();
    expect((await scrape({ Authorization: "Bearer a-production-metrics-token" })).response.status).toBe(200);
  });
});
