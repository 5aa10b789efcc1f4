// /api/mini/subscriptions as the mini program calls it: the route files in-process on a real
// database, Redis and the sandbox, each answer checked against the served OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/http/contract/endpoint";
import * as contract from "@/lib/http/contract/mini/subscriptions";
import type { OpenApiDocument } from "@/lib/http/openapi-document";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { type ContractCalls, contractCalls, type ExampleRequest } from "@/test/support/contract-calls";
import { openApiChecker } from "@/test/support/openapi";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let calls: ContractCalls;
let planId: string;
let strictPlanId: string;

beforeAll(async () => {
  app = await startRouteHarness();
  const served = await app.call("GET", "/api/openapi.json");
  calls = contractCalls(app, openApiChecker((await served.json()) as OpenApiDocument));
  const common = { nameArabic: "نادي القهوة", priceFils: 20_000_000n, intervalUnit: "MONTH" as const };
  planId = (
    await definePlan(app.db.prisma, {
      sku: "CLUB-FLEX",
      name: "Flexible club",
      allowCancelNow: true,
      ...common,
    })
  ).id;
  strictPlanId = (
    await definePlan(app.db.prisma, {
      sku: "CLUB-YEAR",
      name: "Yearly club",
      ...common,
      intervalUnit: "YEAR",
    })
  ).id;
});
afterAll(() => app?.close());

const send = (endpoint: Endpoint, request: ExampleRequest, token?: string) =>
  calls.send(endpoint, request, token ? { Authorization: `Bearer ${token}` } : {});
const documented = async (endpoint: Endpoint, request: ExampleRequest, status: number, token?: string) =>
  calls.expectDocumented(endpoint, await send(endpoint, request, token), status);
const key = () => ({ "Idempotency-Key": crypto.randomUUID() });

/** A customer with a session and a bound agreement, through the routes. */
async function customerWithAgreement() {
  const { sessionToken, userId } = await app.newSession();
  const auth = { Authorization: `Bearer ${sessionToken}` };
  const prepared = (await (
    await app.call("POST", "/api/mini/agreements", { headers: auth, json: {} })
  ).json()) as {
    authorizationUrl: string;
  };
  const { authCode } = await app.sandbox.control<{ authCode: string }>(
    "POST",
    "/sandbox/agreements/authorize",
    {
      authorizationUrl: prepared.authorizationUrl,
      userId,
    },
  );
  const bound = await app.call("POST", "/api/mini/agreements/bind", { headers: auth, json: { authCode } });
  expect(bound.status).toBe(200);
  return sessionToken;
}

describe("/api/mini/subscriptions", () => {
  it("lists the plans publicly", async () => {
    const body = await documented(contract.listPlans, {}, 200);
    expect((body.plans as { sku: string }[]).map((plan) => plan.sku)).toEqual(["CLUB-FLEX", "CLUB-YEAR"]);
  });

  it("subscribes once per Idempotency-Key, charging the first period; refuses without an agreement or plan", async () => {
    const bare = (await app.newSession()).sessionToken;
    const noAgreement = await documented(contract.subscribe, { headers: key(), body: { planId } }, 409, bare);
    expect(noAgreement).toMatchObject({ error: { code: "ORDER_STATUS_INVALID" } });
    const token = await customerWithAgreement();
    await documented(
      contract.subscribe,
      { headers: key(), body: { planId: crypto.randomUUID() } },
      404,
      token,
    );
    await documented(contract.subscribe, { headers: key(), body: { planId: "nope" } }, 400, token);
    await documented(contract.subscribe, { body: { planId } }, 400, token);
    const headers = key();
    const created = await documented(
      contract.subscribe,
      { headers, body: { planId, language: "en" } },
      201,
      token,
    );
    expect(created).toMatchObject({
      status: "ACTIVE",
      nextCharge: { period: 2, amount: { value: "20000000" } },
    });
    const replayed = await documented(contract.subscribe, { headers, body: { planId } }, 200, token);
    expect(replayed.subscriptionId).toBe(created.subscriptionId);
    const again = await documented(contract.subscribe, { headers: key(), body: { planId } }, 409, token);
    expect(again).toMatchObject({ error: { code: "CONFLICT" } });
    const list = await documented(contract.listSubscriptions, {}, 200, token);
    expect((list.subscriptions as { subscriptionId: string }[]).map((s) => s.subscriptionId)).toEqual([
      created.subscriptionId,
    ]);
    await documented(contract.listSubscriptions, {}, 401);
  });

  it("reads, pauses, resumes and cancels the customer's own; another customer's is a 404", async () => {
    const token = await customerWithAgreement();
    const created = await documented(
      contract.subscribe,
      { headers: key(), body: { planId: strictPlanId } },
      201,
      token,
    );
    const params = { id: created.subscriptionId as string };
    await documented(contract.getSubscription, { params }, 200, token);
    const stranger = await customerWithAgreement();
    await documented(contract.getSubscription, { params }, 404, stranger);
    await documented(contract.pauseSubscription, { params }, 404, stranger);
    await documented(contract.getSubscription, { params: { id: "not-a-uuid" } }, 400, token);

    const paused = await documented(contract.pauseSubscription, { params }, 200, token);
    expect(paused).toMatchObject({ status: "PAUSED", nextCharge: null });
    await documented(contract.pauseSubscription, { params }, 409, token);
    const resumed = await documented(contract.resumeSubscription, { params }, 200, token);
    expect(resumed).toMatchObject({ status: "ACTIVE", pausedAt: null });
    // A yearly plan without allowCancelNow: cancelling now is refused, at the period's end it is not.
    await documented(contract.cancelSubscription, { params, body: { atPeriodEnd: false } }, 409, token);
    const ending = await documented(contract.cancelSubscription, { params, body: {} }, 200, token);
    expect(ending).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, nextCharge: null });
    await documented(contract.cancelSubscription, { params, body: { atPeriodEnd: "soon" } }, 400, token);
  });
});
