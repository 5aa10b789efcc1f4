// What an API key set up goes quiet with the key: through the console's API as Next.js calls it and
// the events worker's own drain, a webhook endpoint and an alert rule made with a key are turned off
// (API_KEY_REVOKED, audited) when that key is revoked — by hand or with its maker's troubles — and
// receive nothing more: no new deliveries, pending ones give up, caught alerts are not sent. Those
// made in the console or with another key carry on; an operator can turn one back on.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushAlerts } from "@/lib/events/alerts/flush-alerts";
import { dispatchEvents } from "@/lib/events/dispatch-events";
import { drainEvents } from "@/lib/events/drain-events";
import { hookRegistry } from "@/lib/events/hooks";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { loopbackOutbound } from "@/test/support/outbound";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let admin: TestOperator;
let receiver: { url: string; got: string[]; close: () => Promise<void> };

/** A receiver that records, by the path it was given, which endpoint each delivery came to. */
async function startReceiver() {
  const got: string[] = [];
  const server: Server = createServer(async (request, response) => {
    for await (const _chunk of request) {
      // read the body whole before answering
    }
    got.push(request.url ?? "");
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, got, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const SETTINGS = {
  batch: 100,
  leaseMs: 30_000,
  budgetMs: 10_000,
  hookDelaysMs: [0],
  webhookDelaysMs: [0, 0],
  webhookDisableAfterMs: 60 * 60_000,
};

function drain() {
  const ctx = getServiceContext();
  return drainEvents(
    {
      prisma: ctx.prisma,
      logger: ctx.logger,
      tokenKey: ctx.tokenKey,
      services: ctx,
      hooks: hookRegistry([]),
      hookTimeoutMs: 2_000,
      webhookTimeoutMs: 2_000,
      outbound: loopbackOutbound(),
    },
    () => [],
    SETTINGS,
  );
}

async function makeKey(by: TestOperator) {
  const made = await app.call("POST", "/api/admin/api-keys", {
    headers: by.browser(app.url),
    json: { name: "integrations script", role: "ADMIN", expiresInDays: 30 },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  return (await made.json()) as { id: string; secret: string };
}

/** An endpoint and an alert rule, made with these headers (a key's, or a signed-in admin's). */
async function setUp(headers: Record<string, string>, path: string) {
  const endpoint = await app.call("POST", "/api/admin/webhooks", {
    headers,
    json: { url: `${receiver.url}/${path}`, description: path, events: ["order.paid"] },
  });
  expect(endpoint.status, await endpoint.clone().text()).toBe(201);
  const rule = await app.call("POST", "/api/admin/alerts/rules", {
    headers,
    json: { eventType: "payment.unknown", channel: "EMAIL", target: `${path}@shop.example`, foldSeconds: 1 },
  });
  expect(rule.status, await rule.clone().text()).toBe(201);
  return {
    endpointId: ((await endpoint.json()) as { id: string }).id,
    ruleId: ((await rule.json()) as { id: string }).id,
  };
}

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

async function stateOf(made: { endpointId: string; ruleId: string }) {
  const endpoint = await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: made.endpointId } });
  const rule = await app.db.prisma.alertRule.findUniqueOrThrow({ where: { id: made.ruleId } });
  return {
    endpoint: { enabled: endpoint.enabled, disabledReason: endpoint.disabledReason },
    rule: { enabled: rule.enabled, disabledReason: rule.disabledReason },
  };
}

const OFF = {
  endpoint: { enabled: false, disabledReason: "API_KEY_REVOKED" },
  rule: { enabled: false, disabledReason: "API_KEY_REVOKED" },
};
const ON = {
  endpoint: { enabled: true, disabledReason: null },
  rule: { enabled: true, disabledReason: null },
};

/** A paid order, drained: which receiver paths got its order.paid. */
async function deliveredTo(): Promise<string[]> {
  receiver.got.length = 0;
  await app.paidOrder();
  await drain();
  return [...receiver.got].sort();
}

describe("revoking a key turns off what it set up", () => {
  it("by hand: its endpoint and rule go off, saying why; the console's and another key's carry on", async () => {
    const key = await makeKey(admin);
    const otherKey = await makeKey(admin);
    const viaKey = await setUp(bearer(key.secret), "by-key");
    const viaOtherKey = await setUp(bearer(otherKey.secret), "by-other-key");
    const viaConsole = await setUp(admin.browser(app.url), "by-console");
    const stored = await app.db.prisma.webhookEndpoint.findUniqueOrThrow({
      where: { id: viaKey.endpointId },
    });
    expect(stored.createdByApiKeyId).toBe(key.id);
    expect(await deliveredTo()).toEqual(["/by-console", "/by-key", "/by-other-key"]);

    const revoked = await app.call("DELETE", `/api/admin/api-keys/${key.id}`, {
      headers: admin.browser(app.url),
    });
    expect(revoked.status).toBe(200);
    expect(await stateOf(viaKey)).toEqual(OFF);
    expect(await stateOf(viaOtherKey)).toEqual(ON);
    expect(await stateOf(viaConsole)).toEqual(ON);
    expect(await deliveredTo()).toEqual(["/by-console", "/by-other-key"]);

    for (const [subjectId, action] of [
      [viaKey.endpointId, "webhook.update"],
      [viaKey.ruleId, "alert-rule.update"],
    ] as const) {
      const audit = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { subjectId, action } });
      expect(audit.after).toEqual({ enabled: false, disabledReason: "API_KEY_REVOKED" });
    }
    // The API says so too.
    const list = await app.call("GET", "/api/admin/webhooks", { headers: admin.browser(app.url) });
    const { endpoints } = (await list.json()) as { endpoints: { id: string; disabledReason: string }[] };
    expect(endpoints.find((endpoint) => endpoint.id === viaKey.endpointId)).toMatchObject({
      enabled: false,
      disabledReason: "API_KEY_REVOKED",
      createdByApiKeyId: key.id,
    });
  });

  it("with its maker's password change, too; and deliveries already waiting give up", async () => {
    const maker = await createTestOperator(app.db.prisma, "ADMIN");
    const key = await makeKey(maker);
    const made = await setUp(bearer(key.secret), "maker-key");
    // An event dispatched to it but not yet delivered.
    await app.paidOrder();
    const ctx = getServiceContext();
    await dispatchEvents(ctx.prisma, () => [], 100);
    const waiting = await app.db.prisma.eventDelivery.count({
      where: { target: made.endpointId, status: "PENDING" },
    });
    expect(waiting).toBeGreaterThan(0);

    const changed = await app.call("PATCH", `/api/admin/operators/${maker.id}`, {
      headers: admin.browser(app.url),
      json: { password: "a fresh long passphrase 2026" },
    });
    expect(changed.status).toBe(200);
    expect(await stateOf(made)).toEqual(OFF);
    receiver.got.length = 0;
    await drain();
    expect(receiver.got).not.toContain("/maker-key");
    expect(
      await app.db.prisma.eventDelivery.count({ where: { target: made.endpointId, status: "PENDING" } }),
    ).toBe(0);
  });

  it("an alert rule turned off sends nothing it had caught, until an operator turns it back on", async () => {
    const key = await makeKey(admin);
    const made = await setUp(bearer(key.secret), "alerts");
    const event = await app.db.prisma.outboxEvent.create({ data: { type: "payment.unknown", payload: {} } });
    await app.db.prisma.alertEvent.create({
      data: {
        ruleId: made.ruleId,
        eventId: event.id,
        eventType: "payment.unknown",
        summary: "payment unknown",
        occurredAt: new Date(Date.now() - 60_000),
      },
    });
    await app.db.prisma.alertMessage.create({ data: { ruleId: made.ruleId, subject: "waiting", body: "x" } });
    await app.call("DELETE", `/api/admin/api-keys/${key.id}`, { headers: admin.browser(app.url) });

    const sent: string[] = [];
    const sender = {
      email: async (to: string) => {
        sent.push(to);
      },
      chat: async (to: string) => {
        sent.push(to);
        return { ok: true, statusCode: 200, latencyMs: 0, failure: null };
      },
    };
    const settings = { dailySummaryHour: 24, writeDailySummaries: async () => 0 };
    await flushAlerts(app.db.prisma, sender, getServiceContext().logger, settings);
    expect(sent).not.toContain("alerts@shop.example");

    // An operator who still wants it turns it back on: the reason goes, and it sends again.
    const on = await app.call("PATCH", `/api/admin/alerts/rules/${made.ruleId}`, {
      headers: admin.browser(app.url),
      json: { enabled: true },
    });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null });
    await flushAlerts(app.db.prisma, sender, getServiceContext().logger, settings);
    expect(sent.filter((to) => to === "alerts@shop.example")).toHaveLength(2);
  });

  it("an operator turns an endpoint back on, and it receives events again", async () => {
    const key = await makeKey(admin);
    const made = await setUp(bearer(key.secret), "back-on");
    await app.call("DELETE", `/api/admin/api-keys/${key.id}`, { headers: admin.browser(app.url) });
    expect(await deliveredTo()).not.toContain("/back-on");
    const on = await app.call("PATCH", `/api/admin/webhooks/${made.endpointId}`, {
      headers: admin.browser(app.url),
      json: { enabled: true },
    });
    expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect(await deliveredTo()).toContain("/back-on");
  });
});
