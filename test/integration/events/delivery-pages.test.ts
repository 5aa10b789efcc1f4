// The delivery log of a webhook endpoint and the dead letter, in keyset pages through the console's
// API: every row once, newest first, ties of one millisecond broken by id, other endpoints and
// other statuses left out; a page is not shifted by deliveries that give up meanwhile, and a
// re-sent delivery leaves the dead letter. Rows are written directly, with the times the test needs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendDelivery } from "@/lib/console/event-deliveries";
import { createWebhookEndpoint } from "@/lib/console/webhook-endpoints";
import { getServiceContext } from "@/lib/platform/context/service-context";
import type { DeliveryStatus } from "@/lib/platform/db";
import { getOutboundPolicy } from "@/lib/platform/outbound/shared-policy";
import { createTestOperator, identityOf, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let admin: TestOperator;
const endpoints: string[] = [];

beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
  for (const url of ["https://one.example/hooks", "https://two.example/hooks"]) {
    const endpoint = await createWebhookEndpoint(
      getServiceContext(),
      identityOf(admin),
      { url, description: "paging", events: [] },
      { outbound: getOutboundPolicy() },
    );
    endpoints.push(endpoint.id);
  }
});
afterAll(() => app?.close());

interface Row {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

const BASE = Date.parse("2026-11-20T08:00:00.000Z");

/**
 * `count` deliveries to `target`, one event each; `at(index)` gives each its time (created and,
 * shifted by `diedAfterMs`, updated), so several can share a millisecond.
 */
async function deliveries(
  target: { kind: "HOOK" | "WEBHOOK"; name: string },
  count: number,
  options: { status: DeliveryStatus; at: (index: number) => number; diedAfterMs?: number },
): Promise<Row[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    const createdAt = new Date(options.at(index));
    return {
      id: crypto.randomUUID(),
      eventId: crypto.randomUUID(),
      createdAt,
      updatedAt: new Date(createdAt.getTime() + (options.diedAfterMs ?? 0)),
    };
  });
  await app.db.prisma.outboxEvent.createMany({
    data: rows.map((row) => ({
      id: row.eventId,
      type: "order.paid",
      payload: {},
      occurredAt: row.createdAt,
    })),
  });
  await app.db.prisma.eventDelivery.createMany({
    data: rows.map((row, index) => ({
      id: row.id,
      eventId: row.eventId,
      eventOccurredAt: row.createdAt,
      seq: BigInt(index + 1),
      targetKind: target.kind,
      target: target.name,
      status: options.status,
      attempts: options.status === "PENDING" ? 0 : 1,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
  });
  return rows.map(({ id, createdAt, updatedAt }) => ({ id, createdAt, updatedAt }));
}

/** Newest first by `time`, then by id, as the pages promise. */
function newestFirst(rows: Row[], time: "createdAt" | "updatedAt"): string[] {
  return [...rows]
    .sort((a, b) => b[time].getTime() - a[time].getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

interface Page {
  deliveries: { id: string; status: string; target: string }[];
  nextCursor: string | null;
}

async function getPage(path: string, query: Record<string, string>): Promise<Page> {
  const response = await app.call("GET", `${path}?${new URLSearchParams(query)}`, {
    headers: admin.script(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

/** Follows nextCursor from the first page to the last; the sizes of the pages, and every row seen. */
async function walk(path: string, limit: number) {
  const sizes: number[] = [];
  const seen: Page["deliveries"] = [];
  let after: string | null = null;
  do {
    const page: Page = await getPage(path, { limit: String(limit), ...(after ? { after } : {}) });
    sizes.push(page.deliveries.length);
    seen.push(...page.deliveries);
    after = page.nextCursor;
  } while (after !== null && sizes.length < 500);
  return { sizes, seen };
}

describe("an endpoint's delivery log", () => {
  it("pages through every delivery once, newest first, ties of one millisecond broken by id", async () => {
    const [mine, other] = endpoints as [string, string];
    // 130 deliveries, five to a millisecond, over two minutes; and 20 of another endpoint between them.
    const rows = await deliveries({ kind: "WEBHOOK", name: mine }, 130, {
      status: "DELIVERED",
      at: (index) => BASE + Math.floor(index / 5) * 1_000,
    });
    await deliveries({ kind: "WEBHOOK", name: other }, 20, {
      status: "DELIVERED",
      at: (index) => BASE + index * 3_000,
    });

    const { sizes, seen } = await walk(`/api/admin/webhooks/${mine}/deliveries`, 50);
    expect(sizes).toEqual([50, 50, 30]);
    expect(seen.map((delivery) => delivery.id)).toEqual(newestFirst(rows, "createdAt"));
    expect(new Set(seen.map((delivery) => delivery.target))).toEqual(new Set([mine]));

    // Other page lengths cover the same rows in the same order.
    for (const limit of [1, 7, 130, 200]) {
      const again = await walk(`/api/admin/webhooks/${mine}/deliveries`, limit);
      expect(again.seen.map((delivery) => delivery.id)).toEqual(newestFirst(rows, "createdAt"));
      expect(again.sizes.at(-1)).toBe(130 % limit || Math.min(limit, 130));
    }
  });

  it("without a limit gives 50, and an endpoint that does not exist is a 404", async () => {
    const first = await getPage(`/api/admin/webhooks/${endpoints[0]}/deliveries`, {});
    expect(first.deliveries).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const missing = await app.call("GET", `/api/admin/webhooks/${crypto.randomUUID()}/deliveries`, {
      headers: admin.script(),
    });
    expect(missing.status).toBe(404);
  });
});

describe("the dead letter", () => {
  let dead: Row[] = [];

  it("pages through the dead deliveries of hooks and webhooks alike, the latest to give up first", async () => {
    const hookDead = await deliveries({ kind: "HOOK", name: "kitchen-ticket" }, 40, {
      status: "DEAD",
      at: (index) => BASE + 3_600_000 + index * 10_000,
      diedAfterMs: 27 * 3_600_000,
    });
    const webhookDead = await deliveries({ kind: "WEBHOOK", name: endpoints[1] as string }, 35, {
      status: "DEAD",
      // Given up in pairs within one millisecond, interleaved with the hook's.
      at: (index) => BASE + 3_600_000 + Math.floor(index / 2) * 10_000 + 5_000,
      diedAfterMs: 27 * 3_600_000,
    });
    // Pending and delivered ones, some of them newer, never show.
    await deliveries({ kind: "HOOK", name: "kitchen-ticket" }, 15, {
      status: "PENDING",
      at: (index) => BASE + 40 * 3_600_000 + index,
    });
    dead = [...hookDead, ...webhookDead];

    const { sizes, seen } = await walk("/api/admin/deliveries/dead", 20);
    expect(sizes).toEqual([20, 20, 20, 15]);
    expect(seen.map((delivery) => delivery.id)).toEqual(newestFirst(dead, "updatedAt"));
    expect(new Set(seen.map((delivery) => delivery.status))).toEqual(new Set(["DEAD"]));
  });

  it("a page goes on from the last row shown: deliveries dying meanwhile do not shift it, a re-sent one leaves", async () => {
    const expected = newestFirst(dead, "updatedAt");
    const first = await getPage("/api/admin/deliveries/dead", { limit: "20" });
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual(expected.slice(0, 20));

    // Meanwhile three more give up (newer than all), and one of the next page is re-sent.
    const newer = await deliveries({ kind: "HOOK", name: "kitchen-ticket" }, 3, {
      status: "DEAD",
      at: () => Date.now(),
    });
    const resent = expected[25] as string;
    await resendDelivery(getServiceContext(), identityOf(admin), resent);

    const second = await getPage("/api/admin/deliveries/dead", {
      limit: "20",
      after: first.nextCursor as string,
    });
    expect(second.deliveries.map((delivery) => delivery.id)).toEqual(
      expected.slice(20, 41).filter((id) => id !== resent),
    );
    const fresh = await getPage("/api/admin/deliveries/dead", { limit: "3" });
    expect(fresh.deliveries.map((delivery) => delivery.id).sort()).toEqual(newer.map((row) => row.id).sort());
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=201", "limit"],
    ["limit=ten", "limit"],
    [`after=${"x".repeat(201)}`, "after"],
  ])("refuses %s with the field named", async (query, field) => {
    const response = await app.call("GET", `/api/admin/deliveries/dead?${query}`, {
      headers: admin.script(),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(field);
  });

  it("a cursor that is not one starts from the newest", async () => {
    const page = await getPage("/api/admin/deliveries/dead", { limit: "5", after: "not-a-cursor" });
    const newest = await getPage("/api/admin/deliveries/dead", { limit: "5" });
    expect(page.deliveries.map((delivery) => delivery.id)).toEqual(
      newest.deliveries.map((delivery) => delivery.id),
    );
  });
});
