// The wallet signs the notification's bytes as it wrote them, and those need not look like
// JSON.stringify's: indentation, another key order, \u escapes. Through the route, such a body is
// verified as received and applied; the same object re-serialized, under the signature of the bytes
// the wallet wrote, is refused. The wrong implementation this catches: verifying
// JSON.stringify(JSON.parse(body)) instead of the body (tried: the first case is then refused).
// Every other signed body in the tests is JSON.stringify output, which such a verifier would pass.
import type { KeyObject } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatWalletTime, signMessage } from "@/lib/wallet/signature";
import { loadOrCreateWalletKeys } from "@/sandbox/wallet-keys";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let clientId: string;
// The test writes as the wallet: with the sandbox's own key, which the app trusts.
let walletKey: KeyObject;

beforeAll(async () => {
  app = await startRouteHarness();
  clientId = app.sandbox.merchant.clientId;
  walletKey = loadOrCreateWalletKeys(app.sandbox.dataDir).privateKey;
});
afterAll(() => app?.close());

const PATH = "/api/wallet/notify/payment";

/** A cashier order waiting at the cashier: its ids, as the wallet knows them. */
async function pendingOrder() {
  const { sessionToken } = await app.newSession();
  const response = await app.call("POST", "/api/mini/orders", {
    headers: { Authorization: `Bearer ${sessionToken}`, "Idempotency-Key": crypto.randomUUID() },
    json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }] },
  });
  const { orderId } = (await response.json()) as { orderId: string };
  return app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
}

/** The wallet's own rendering of a payment notification: pretty, keys its way, non-ASCII escaped. */
function walletWrittenBody(order: {
  paymentId: string | null;
  paymentRequestId: string;
  amountFils: bigint;
}) {
  return [
    "{",
    '    "paymentStatus" : "SUCCESS",',
    `    "paymentResult" : { "resultStatus": "S", "resultCode": "SUCCESS", "resultMessage": "succ\\u00e8s \\u2713" },`,
    `    "paymentAmount" : { "value": "${order.amountFils}", "currency": "IQD" },`,
    `    "paymentRequestId" : "${order.paymentRequestId}",`,
    `    "paymentId" : "${order.paymentId}",`,
    '    "paymentCreateTime" : "2026-11-25T10:00:00+03:00",',
    '    "paymentTime" : "2026-11-25T10:01:00+03:00"',
    "}",
  ].join("\n");
}

function post(body: string, signedBody = body) {
  const time = formatWalletTime(new Date());
  const signature = signMessage(
    { method: "POST", path: PATH, clientId, time, body: signedBody },
    walletKey,
    1,
  );
  return app.call("POST", PATH, {
    headers: {
      "Content-Type": "application/json; charset=UTF-8",
      "Client-Id": clientId,
      "Request-Time": time,
      Signature: signature,
    },
    body,
  });
}

describe("a notification body as the wallet wrote it", () => {
  it("is verified over its own bytes and applied", async () => {
    const order = await pendingOrder();
    const body = walletWrittenBody(order);
    expect(body, "differs from what JSON.stringify writes").not.toBe(JSON.stringify(JSON.parse(body)));
    const response = await post(body);
    expect(response.status, await response.clone().text()).toBe(200);
    const paid = await app.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(paid.status).toBe("PAID");
    const stored = await app.db.prisma.notification.findFirstOrThrow({ where: { orderId: order.id } });
    expect(stored.rawBody, "kept byte for byte").toBe(body);
  });

  it("re-serialized, under the signature of the bytes the wallet wrote, is refused and changes nothing", async () => {
    const order = await pendingOrder();
    const original = walletWrittenBody(order);
    const response = await post(JSON.stringify(JSON.parse(original)), original);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ result: { resultCode: "INVALID_SIGNATURE" } });
    expect((await app.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("PENDING");
  });
});
