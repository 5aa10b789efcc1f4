// Outbound URLs through the console's API (issue 28, finding 1): an operator with the integrations
// permission cannot point a webhook or an alert's chat URL at this machine or its network, in any
// spelling; a name that answers a public address at registration and an internal one when the
// delivery connects (DNS rebinding) is refused at the connection; and whatever a receiver answers —
// an error page, a redirect — is kept as a status and a classification, never as its text, so the
// API shows nothing of it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushAlerts } from "@/lib/events/alerts/flush-alerts";
import { createAlertSender } from "@/lib/events/alerts/send-alert";
import { dispatchEvents } from "@/lib/events/dispatch-events";
import { drainEvents } from "@/lib/events/drain-events";
import { hookRegistry } from "@/lib/events/hooks";
import { writeDailySummaries } from "@/lib/payments/daily-summary";
import { getEnv } from "@/lib/platform/env";
import { createLogger } from "@/lib/platform/log";
import {
  type OutboundPolicy,
  outboundPolicy,
  type ResolveAll,
} from "@/lib/platform/outbound/outbound-policy";
import { resolveOutboundNamesForTests } from "@/lib/platform/outbound/shared-policy";
import { withAttempts } from "@/test/support/deliveries";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { LOOPBACK_NETWORKS } from "@/test/support/outbound";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

/** What an internal service would give away: it must never reach the database or the API. */
const SECRET = "redis_version:7.0.15 role:master SECRET-internal-answer";

interface Receiver {
  port: number;
  /** Paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** An "internal service" on 127.0.0.1: its error pages and redirects carry SECRET. */
async function startInternalService(): Promise<Receiver> {
  const hits: string[] = [];
  const server: Server = createServer(async (request, response) => {
    for await (const _chunk of request);
    hits.push(request.url ?? "");
    if (request.url?.startsWith("/redirect")) {
      response.writeHead(302, { Location: `/followed?${SECRET}` }).end(SECRET);
    } else if (request.url?.startsWith("/followed")) {
      response.writeHead(200).end(SECRET);
    } else {
      response.writeHead(500, { "content-type": "text/plain" }).end(SECRET);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PUBLIC = [{ address: "93.184.216.34", family: 4 }];
const LOOPBACK = [{ address: "127.0.0.1", family: 4 }];

/** Names as this test's DNS answers them; `rebinding.example` answers public once, then 127.0.0.1. */
function testZone(): ResolveAll {
  let rebindingAsked = 0;
  const zone: Record<string, { address: string; family: number }[]> = {
    "shop.example": PUBLIC,
    "chat.example": PUBLIC,
    "receiver.example": PUBLIC,
    "internal.example": [{ address: "10.1.2.3", family: 4 }],
    "metadata.example": [{ address: "169.254.169.254", family: 4 }],
    "mixed.example": [...PUBLIC, { address: "::1", family: 6 }],
    "mapped.example": [{ address: "::ffff:127.0.0.1", family: 6 }],
    localhost: LOOPBACK,
  };
  return async (hostname) => {
    const name = hostname.replace(/\.$/, "").toLowerCase();
    if (name === "rebinding.example") return rebindingAsked++ === 0 ? PUBLIC : LOOPBACK;
    const answer = zone[name];
    if (!answer) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answer;
  };
}

let app: RouteHarness;
let admin: TestOperator;
let service: Receiver;

beforeAll(async () => {
  // As production configures it: nothing internal opened.
  app = await startRouteHarness({ extraEnv: { OUTBOUND_ALLOWED_NETWORKS: "" } });
  resolveOutboundNamesForTests(testZone());
  admin = await createTestOperator(app.db.prisma, "ADMIN");
  service = await startInternalService();
}, 60_000);
afterAll(async () => {
  resolveOutboundNamesForTests(undefined);
  await service?.close();
  await app?.close();
});

/** The same internal target in the spellings a URL parser accepts, and names that lead to it. */
function internalUrls(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/hooks`,
    `http://localhost:${port}/hooks`,
    `http://LOCALHOST.:${port}/hooks`,
    `http://api.localhost:${port}/hooks`,
    `http://2130706433:${port}/hooks`,
    `http://0177.0.0.1:${port}/hooks`,
    `http://0x7f.1:${port}/hooks`,
    `http://127.1:${port}/hooks`,
    `http://[::1]:${port}/hooks`,
    `http://[::ffff:127.0.0.1]:${port}/hooks`,
    `http://[::ffff:7f00:1]:${port}/hooks`,
    `http://[64:ff9b::7f00:1]:${port}/hooks`,
    "http://0.0.0.0:6379/",
    "http://127.0.0.1:6379/",
    "http://127.0.0.1:5432/",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://0xa9fea9fe/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://10.0.0.5/admin",
    "http://100.64.0.1/",
    "http://internal.example/hooks",
    "http://metadata.example/latest/meta-data/",
    "http://mixed.example/hooks",
    "http://mapped.example/hooks",
    "http://nowhere.example.invalid/hooks",
  ];
}

async function errorOf(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as { error: { code: string; message: string } },
  };
}

describe("registering a URL the server will call", () => {
  it("refuses a webhook endpoint at an internal address, in every spelling, and keeps none", async () => {
    for (const url of internalUrls(service.port)) {
      const answer = await errorOf(
        await app.call("POST", "/api/admin/webhooks", { headers: admin.script(), json: { url, events: [] } }),
      );
      expect(answer.status, url).toBe(400);
      expect(answer.body.error.code, url).toBe("VALIDATION_FAILED");
      expect(answer.body.error.message, url).toMatch(/^url: refused/);
    }
    expect(await app.db.prisma.webhookEndpoint.count()).toBe(0);
    const publicOne = await app.call("POST", "/api/admin/webhooks", {
      headers: admin.script(),
      json: { url: "https://shop.example/hooks", events: [] },
    });
    expect(publicOne.status).toBe(201);
  });

  it("refuses to change an endpoint's URL to an internal one", async () => {
    const created = await app.call("POST", "/api/admin/webhooks", {
      headers: admin.script(),
      json: { url: "https://shop.example/orders", events: [] },
    });
    const { id } = (await created.json()) as { id: string };
    for (const url of [
      `http://[::1]:${service.port}/`,
      "http://169.254.169.254/",
      "http://internal.example/",
    ]) {
      const answer = await app.call("PATCH", `/api/admin/webhooks/${id}`, {
        headers: admin.script(),
        json: { url },
      });
      expect(answer.status, url).toBe(400);
    }
    const kept = await app.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(kept.url).toBe("https://shop.example/orders");
  });

  it("refuses an alert chat URL at an internal address, in every spelling; e-mail rules are not URLs", async () => {
    for (const target of internalUrls(service.port)) {
      const answer = await errorOf(
        await app.call("POST", "/api/admin/alerts/rules", {
          headers: admin.script(),
          json: { eventType: "refund.failed", channel: "CHAT", target, chatFormat: "slack" },
        }),
      );
      expect(answer.status, target).toBe(400);
      expect(answer.body.error.message, target).toMatch(/^target: refused/);
    }
    expect(await app.db.prisma.alertRule.count({ where: { channel: "CHAT" } })).toBe(0);
    for (const json of [
      { eventType: "refund.failed", channel: "CHAT", target: "https://chat.example/hooks/ops" },
      { eventType: "refund.failed", channel: "EMAIL", target: "ops@shop.example" },
    ]) {
      expect(
        (await app.call("POST", "/api/admin/alerts/rules", { headers: admin.script(), json })).status,
      ).toBe(201);
    }
  });
});

const logger = createLogger({ level: "silent" });

function deliverWith(outbound: OutboundPolicy) {
  return drainEvents(
    {
      prisma: app.db.prisma,
      logger,
      tokenKey: getEnv().tokenEncryptionKey,
      services: {} as never,
      hooks: hookRegistry([]),
      hookTimeoutMs: 2_000,
      webhookTimeoutMs: 2_000,
      outbound,
    },
    () => [],
    {
      batch: 100,
      leaseMs: 30_000,
      budgetMs: 10_000,
      webhookDelaysMs: [60_000],
      webhookDisableAfterMs: 3_600_000,
    },
  );
}

/** Adds an endpoint through the API, turns off every other one, and has a paid order's events for it. */
async function endpointWithEvents(url: string) {
  await app.db.prisma.webhookEndpoint.updateMany({ data: { enabled: false } });
  const created = await app.call("POST", "/api/admin/webhooks", {
    headers: admin.script(),
    json: { url, events: ["order.paid"] },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await app.paidOrder();
  await dispatchEvents(app.db.prisma, () => [], 10_000);
  return id;
}

describe("delivering to a URL the server calls", () => {
  it("refuses a name that resolved to a public address at registration and to 127.0.0.1 at the connection", async () => {
    const id = await endpointWithEvents(`http://rebinding.example:${service.port}/hooks`);
    const before = service.hits.length;
    await deliverWith(outboundPolicy({ httpsOnly: false, resolve: rebound }));
    expect(service.hits.length, "requests that reached the internal service").toBe(before);
    const delivery = await withAttempts(
      app.db.prisma,
      await app.db.prisma.eventDelivery.findFirstOrThrow({ where: { target: id } }),
    );
    expect(delivery).toMatchObject({
      lastFailure: "REFUSED_ADDRESS",
      lastError: "refused: the host is not a public address",
    });
    expect(delivery.attemptsLog).toEqual([
      expect.objectContaining({ ok: false, statusCode: null, failure: "REFUSED_ADDRESS", response: null }),
    ]);
  });

  it("refuses the same for an alert's chat message, and keeps no answer", async () => {
    const rule = await app.db.prisma.alertRule.create({
      data: {
        eventType: "wallet.unavailable",
        channel: "CHAT",
        target: `http://rebinding.example:${service.port}/chat`,
        chatFormat: "json",
        foldSeconds: 0,
        createdBy: "test",
      },
    });
    await app.db.prisma.alertMessage.create({ data: { ruleId: rule.id, subject: "Alert", body: "text" } });
    const before = service.hits.length;
    const sender = createAlertSender({
      smtpUrl: undefined,
      from: "alerts@shop.example",
      outbound: outboundPolicy({ httpsOnly: false, resolve: rebound }),
    });
    await flushAlerts(app.db.prisma, sender, logger, { dailySummaryHour: 24, writeDailySummaries });
    expect(service.hits.length).toBe(before);
    expect(await app.db.prisma.alertMessage.findFirstOrThrow({ where: { ruleId: rule.id } })).toMatchObject({
      status: "PENDING",
      lastFailure: "REFUSED_ADDRESS",
      lastStatusCode: null,
      lastError: "refused: the host is not a public address",
    });
  });

  it("keeps a receiver's error and redirect as a status and a classification: its words reach neither the database nor the API", async () => {
    // A shop that opened its own network (here loopback) to receivers: the answers are still not kept.
    const ownNetwork = outboundPolicy({
      httpsOnly: false,
      allowedNetworks: LOOPBACK_NETWORKS,
      resolve: toLoopback,
    });
    const failing = await endpointWithEvents(`http://receiver.example:${service.port}/error`);
    await deliverWith(ownNetwork);
    const redirecting = await endpointWithEvents(`http://receiver.example:${service.port}/redirect`);
    await app.db.prisma.webhookEndpoint.update({ where: { id: failing }, data: { enabled: true } });
    await deliverWith(ownNetwork);
    expect(
      service.hits.filter((hit) => hit.startsWith("/followed")),
      "a redirect followed",
    ).toEqual([]);

    const byEndpoint = async (id: string) =>
      withAttempts(
        app.db.prisma,
        await app.db.prisma.eventDelivery.findFirstOrThrow({ where: { target: id } }),
      );
    expect(await byEndpoint(failing)).toMatchObject({
      lastFailure: "HTTP_STATUS",
      lastError: "HTTP 500: answered with an error status",
      attemptsLog: [expect.objectContaining({ statusCode: 500, failure: "HTTP_STATUS", response: null })],
    });
    expect(await byEndpoint(redirecting)).toMatchObject({
      lastFailure: "REDIRECT",
      attemptsLog: [expect.objectContaining({ statusCode: 302, failure: "REDIRECT", response: null })],
    });
    const stored = await app.db.prisma.$queryRaw<{ found: bigint }[]>`
      SELECT count(*) AS found FROM delivery_attempts a JOIN event_deliveries d ON d.id = a.delivery_id
      WHERE a.response LIKE '%SECRET%' OR d.last_error LIKE '%SECRET%'`;
    expect(Number(stored[0]?.found)).toBe(0);

    for (const id of [failing, redirecting]) {
      const log = await app.call("GET", `/api/admin/webhooks/${id}/deliveries`, { headers: admin.script() });
      const text = await log.text();
      expect(log.status).toBe(200);
      expect(text).not.toContain("SECRET");
      expect(text).not.toContain("redis_version");
      expect(JSON.parse(text).deliveries[0].lastAttempt).toMatchObject({ response: null });
    }
  });
});

/** The rebinding name after registration: 127.0.0.1, as an attacker's DNS would answer now. */
const rebound: ResolveAll = async () => LOOPBACK;
/** Every name to this machine: a receiver on the shop's own (here loopback) network. */
const toLoopback: ResolveAll = async () => LOOPBACK;
