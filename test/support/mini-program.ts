// A mini program user, played over HTTP against a running app (next start) and the wallet sandbox,
// exactly as the front end and the wallet app would: authorize, start a session, order, pay at the
// cashier. For the browser tests of the operator console and for `npm run screenshots`.
import type { TestSandbox } from "./sandbox";
import { waitUntil } from "./wait";

export interface PlacedOrder {
  orderId: string;
  status: string;
  redirectionUrl?: string;
  /** The wallet's paymentId: the sandbox's cashier URL ends with it. */
  paymentId?: string;
}

export interface MiniProgramUser {
  userId: string;
  sessionToken: string;
  order(flow: "CASHIER" | "ESCROW", items: { sku: string; quantity: number }[]): Promise<PlacedOrder>;
  /** Pays at the sandbox's cashier (the user presses Pay) and waits until the app says PAID. */
  pay(order: PlacedOrder): Promise<void>;
  orderStatus(orderId: string): Promise<string>;
  confirmReceipt(orderId: string): Promise<Response>;
  /**
   * Subscribes to a plan as the mini program's subscriptions page does: signs an agreement at the
   * sandbox's agreement page and binds it (the first time), then subscribes with an Idempotency-Key.
   */
  subscribe(planId: string): Promise<{ subscriptionId: string; status: string }>;
  /** A subscription action of the mini program: pause, resume, or cancel (at the period's end by default). */
  changeSubscription(
    subscriptionId: string,
    action: "pause" | "resume" | "cancel",
    body?: object,
  ): Promise<void>;
}

async function json<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A new user of the mini program. With a `fullName`, the wallet knows their name and mobile number,
 * they grant the scopes to share them, and the mini program reads their profile once (GET
 * /api/mini/me), as a real one does to greet them: the console then knows them by name. A
 * `balance` (in fils) too low for an order makes its payment fail at the cashier.
 */
export async function newMiniProgramUser(
  appUrl: string,
  sandbox: TestSandbox,
  person?: { fullName?: string; loginId?: string; balance?: string },
): Promise<MiniProgramUser> {
  const { userId } = await sandbox.createUser(person ?? {});
  const named = person?.fullName !== undefined;
  const scopes = named ? ["USER_ID", "USER_NAME", "USER_CONTACTINFO"] : ["USER_ID"];
  const { authCode } = await sandbox.createAuthCode(userId, scopes);
  const { sessionToken } = await json<{ sessionToken: string }>(
    await fetch(`${appUrl}/api/mini/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ authCode }),
    }),
    "session",
  );
  const auth = { authorization: `Bearer ${sessionToken}` };
  const post = async <T>(path: string, body: object, what: string, key = false) =>
    json<T>(
      await fetch(`${appUrl}${path}`, {
        method: "POST",
        headers: {
          ...auth,
          "content-type": "application/json",
          ...(key ? { "idempotency-key": crypto.randomUUID() } : {}),
        },
        body: JSON.stringify(body),
      }),
      what,
    );
  let agreementBound = false;
  if (named) await json(await fetch(`${appUrl}/api/mini/me`, { headers: auth }), "profile");
  const orderStatus = async (orderId: string) =>
    (
      await json<{ status: string }>(
        await fetch(`${appUrl}/api/mini/orders/${orderId}`, { headers: auth }),
        "order",
      )
    ).status;
  return {
    userId,
    sessionToken,
    async order(flow, items) {
      const placed = await json<PlacedOrder>(
        await fetch(`${appUrl}/api/mini/orders`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ flow, items }),
        }),
        "order",
      );
      return { ...placed, paymentId: placed.redirectionUrl?.split("/").at(-1) };
    },
    async pay(order) {
      if (!order.paymentId) throw new Error(`order ${order.orderId} has no cashier URL (${order.status})`);
      await sandbox.payAtCashier(order.paymentId);
      await waitUntil(async () => (await orderStatus(order.orderId)) === "PAID", {
        timeoutMs: 15_000,
        what: `order ${order.orderId} to be PAID`,
      });
    },
    orderStatus,
    confirmReceipt: (orderId) =>
      fetch(`${appUrl}/api/mini/orders/${orderId}/confirm-receipt`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: "{}",
      }),
    async subscribe(planId) {
      if (!agreementBound) {
        const prepared = await post<{ authorizationUrl: string }>("/api/mini/agreements", {}, "agreement");
        const signed = await sandbox.control<{ authCode: string }>("POST", "/sandbox/agreements/authorize", {
          authorizationUrl: prepared.authorizationUrl,
          userId,
        });
        await post("/api/mini/agreements/bind", { authCode: signed.authCode }, "agreement binding");
        agreementBound = true;
      }
      return post("/api/mini/subscriptions", { planId }, "subscription", true);
    },
    async changeSubscription(subscriptionId, action, body = {}) {
      await post(`/api/mini/subscriptions/${subscriptionId}/${action}`, body, `subscription ${action}`);
    },
  };
}
