// The two example hooks a fork starts from, against the sandbox: the payment push reaches the
// customer once however often the hook runs for one event (its message id comes from the event id),
// a customer who did not allow pushes is not a hook failure; the kitchen ticket posts the order's
// lines with the event id as Idempotency-Key, and a kitchen that refuses makes the hook fail (so it
// is retried).
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import kitchenTicket from "@/hooks/kitchen-ticket";
import paymentReceivedPush from "@/hooks/payment-received-push";
import { resetHookSettingsForTests } from "@/hooks/settings";
import type { HookContext } from "@/lib/events/hooks";
import { createOrder } from "@/lib/payments/orders/create-order";
import { resetEnvForTests } from "@/lib/platform/env";
import type { DomainEvent } from "@/lib/platform/outbox/event-map";
import { parseEvent } from "@/lib/platform/outbox/event-map";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";

let merchant: MerchantHarness;
let kitchen: {
  url: string;
  tickets: { key: string; body: Record<string, unknown> }[];
  status: number;
  close(): Promise<void>;
};

async function startKitchen() {
  const state = { tickets: [] as { key: string; body: Record<string, unknown> }[], status: 200 };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    state.tickets.push({
      key: String(request.headers["idempotency-key"]),
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
    });
    response.writeHead(state.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tickets`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

beforeAll(async () => {
  [merchant, kitchen] = await Promise.all([startMerchant(), startKitchen()]);
  Object.assign(process.env, {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: merchant.db.url,
    LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "example-hooks-local-")),
    KITCHEN_TICKET_URL: kitchen.url,
    MINI_APP_ID: "2021000000000042",
  });
  resetEnvForTests();
  resetHookSettingsForTests();
});
afterAll(async () => {
  await kitchen?.close();
  await merchant?.close();
});

function context(): HookContext {
  return {
    db: merchant.ctx.prisma,
    log: merchant.ctx.logger,
    signal: AbortSignal.timeout(5_000),
    attempt: 1,
    services: merchant.ctx,
  };
}

async function paidEvent(scopes: string[]) {
  const { customerId, userId } = await merchant.newCustomer({ scopes });
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "DATES", quantity: 2 }],
    idempotencyKey: crypto.randomUUID(),
  });
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  const row = await merchant.eventually(
    async () =>
      (await merchant.ctx.prisma.outboxEvent.findFirst({
        where: { orderId: order.id, type: "order.paid" },
      })) ?? undefined,
  );
  return { event: parseEvent(row) as DomainEvent<"order.paid">, userId, orderId: order.id };
}

describe("the example hooks", () => {
  it("payment-received-push: the customer gets one push however often the hook runs for the event", async () => {
    const { event, userId } = await paidEvent(["USER_ID", "NOTIFICATION_PUSH"]);
    await paymentReceivedPush.handle(event, context());
    await paymentReceivedPush.handle(event, context());
    const delivered = await merchant.sandbox.control<{ userId: string; templates: unknown }[]>(
      "GET",
      `/sandbox/pushes?clientId=${encodeURIComponent(merchant.sandbox.merchant.clientId)}`,
    );
    const mine = delivered.filter((push) => push.userId === userId);
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine[0])).toContain("We received your payment of 24,000 IQD");
    expect(JSON.stringify(mine[0])).toContain("appId=2021000000000042");
  });

  it("payment-received-push: a customer who did not allow pushes is recorded as refused, not retried", async () => {
    const { event } = await paidEvent(["USER_ID"]);
    await expect(paymentReceivedPush.handle(event, context())).resolves.toBeUndefined();
    const message = await merchant.ctx.prisma.pushMessage.findFirstOrThrow({
      where: { customerId: event.data.customerId },
    });
    expect(message.status).toBe("FAILED");
  });

  it("kitchen-ticket: posts the order's lines with the event id as Idempotency-Key; a refusal fails the hook", async () => {
    const { event, orderId } = await paidEvent(["USER_ID"]);
    await kitchenTicket.handle(event, context());
    expect(kitchen.tickets.at(-1)).toEqual({
      key: event.id,
      body: expect.objectContaining({
        ticketId: event.id,
        orderId,
        amountFils: "24000000",
        items: [expect.objectContaining({ sku: "DATES", quantity: 2 })],
      }),
    });
    kitchen.status = 503;
    await expect(kitchenTicket.handle(event, context())).rejects.toThrow("the kitchen answered 503");
    kitchen.status = 200;
  });
});
