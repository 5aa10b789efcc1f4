// Subscriptions in tests of the routes (route-harness.ts): a customer who signs and binds an
// agreement and subscribes through the mini program's routes, as the mini program does.
import type { RouteHarness } from "./route-harness";

async function json<T>(response: Response, status: number): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new wallet user (with `balance`, if given) subscribed to `planId`; the first period charged. */
export async function subscribeThroughRoutes(
  app: RouteHarness,
  planId: string,
  options: { balance?: string } = {},
) {
  const { userId } = await app.sandbox.createUser(options.balance ? { balance: options.balance } : {});
  const { authCode: sessionCode } = await app.sandbox.createAuthCode(userId, ["USER_ID"]);
  const session = await json<{ sessionToken: string; customer: { id: string } }>(
    await app.call("POST", "/api/mini/session", { json: { authCode: sessionCode } }),
    201,
  );
  const headers = { Authorization: `Bearer ${session.sessionToken}` };
  const prepared = await json<{ authorizationUrl: string }>(
    await app.call("POST", "/api/mini/agreements", { headers, json: {} }),
    201,
  );
  const { authCode } = await app.sandbox.control<{ authCode: string }>(
    "POST",
    "/sandbox/agreements/authorize",
    {
      authorizationUrl: prepared.authorizationUrl,
      userId,
    },
  );
  await json(await app.call("POST", "/api/mini/agreements/bind", { headers, json: { authCode } }), 200);
  const created = await json<{ subscriptionId: string; status: string }>(
    await app.call("POST", "/api/mini/subscriptions", {
      headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
      json: { planId },
    }),
    201,
  );
  return { ...created, userId, customerId: session.customer.id, sessionToken: session.sessionToken };
}

/**
 * Makes the subscription's open period due now and charges it once through the billing engine, as the
 * worker's scan would: with a wallet balance short of the price, the period is then being dunned.
 */
export async function chargeOpenPeriodNow(app: RouteHarness, subscriptionId: string) {
  const { getServiceContext } = await import("@/lib/platform/context/service-context");
  const { chargePeriod } = await import("@/lib/payments/subscriptions/charge-period");
  const period = await app.db.prisma.subscriptionPeriod.findFirstOrThrow({
    where: { subscriptionId, status: "SCHEDULED" },
  });
  await app.db.prisma.subscriptionPeriod.update({
    where: { id: period.id },
    data: { nextAttemptAt: new Date(Date.now() - 1_000) },
  });
  const outcome = await chargePeriod(getServiceContext(), period.id);
  return {
    ...(await app.db.prisma.subscriptionPeriod.findUniqueOrThrow({ where: { id: period.id } })),
    outcome,
  };
}
