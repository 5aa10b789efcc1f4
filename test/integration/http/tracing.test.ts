// OpenTelemetry tracing: off unless OTEL_ENABLED, and then a request through the real routes still
// works while its wallet call is exported as a span. No collector is reachable here, so the SDK
// exports to the console (OTEL_TRACES_EXPORTER=console, read by the SDK itself); with
// OTEL_EXPORTER_OTLP_ENDPOINT it would send OTLP to a collector instead.
// Its own file: the SDK registers process-wide providers, and vitest gives each file its process.
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTracing, type Tracing } from "@/lib/platform/observability/tracing";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;

beforeAll(async () => {
  app = await startRouteHarness();
});
afterAll(() => app?.close());

describe("tracing", () => {
  it("is off by default: nothing is started and spans record nothing", async () => {
    expect(await startTracing({ enabled: false, serviceName: "wallet-merchant-test" })).toBeUndefined();
    const span = trace.getTracer("probe").startSpan("probe");
    expect(span.isRecording()).toBe(false);
    span.end();
  });

  it("when on, exports spans (here to the console) and the request is answered as usual", async () => {
    process.env.OTEL_TRACES_EXPORTER = "console";
    const exported: Record<string, unknown>[] = [];
    const dir = vi.spyOn(console, "dir").mockImplementation((item) => {
      exported.push(item as Record<string, unknown>);
    });
    let tracing: Tracing | undefined;
    try {
      tracing = await startTracing({ enabled: true, serviceName: "wallet-merchant-test" });
      expect(tracing).toBeDefined();
      const { sessionToken } = await app.newSession();
      const response = await app.call("POST", "/api/mini/orders", {
        headers: { Authorization: `Bearer ${sessionToken}`, "Idempotency-Key": crypto.randomUUID() },
        json: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] },
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ status: "PENDING" });
      // Shutting down flushes what the batch processor still holds.
      await tracing?.shutdown();
    } finally {
      dir.mockRestore();
      delete process.env.OTEL_TRACES_EXPORTER;
    }
    const names = exported.map((span) => span.name);
    expect(names).toContain("wallet applyToken");
    const pay = exported.find((span) => span.name === "wallet pay");
    expect(pay).toMatchObject({
      kind: 2, // client
      attributes: {
        "wallet.operation": "pay",
        "wallet.result_status": "A",
        "http.response.status_code": 200,
        "url.path": "/v1/payments/pay",
      },
    });
    expect(pay?.duration).toEqual(expect.any(Number));
  });
});
