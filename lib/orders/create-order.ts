// POST /api/mini/orders: creates an order and its wallet payment, exactly once per Idempotency-Key.
//
// The order row, with its paymentRequestId, is committed before the wallet is called (DESIGN.md): a
// crash after the insert leaves a CREATED order that reconciliation settles with the same
// paymentRequestId, and a retried request finds the order instead of creating a second payment.
import { v7 as uuidv7 } from "uuid";
import { normalizeItems, priceItems, type RequestedItem } from "@/lib/catalog/price-items";
import type { Order, OrderItem } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceContext } from "@/lib/services/context";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { withWalletCallScope } from "@/lib/wallet-calls/call-scope";
import { applyPayOutcome } from "./apply-pay-outcome";
import type { OrderFlow } from "./order-state";
import { buildPayRequest } from "./pay-request";

/** How long the customer has to pay at the cashier before the order closes. */
export const PAYMENT_WINDOW_MS = 15 * 60 * 1000;

export interface CreateOrderInput {
  flow: OrderFlow;
  items: RequestedItem[];
  note?: string | undefined;
  idempotencyKey: string;
}

export type OrderWithItems = Order & { items: OrderItem[] };

const PRODUCT_CODE_OF: Record<OrderFlow, string> = {
  CASHIER: PRODUCT_CODES.CASHIER,
  ESCROW: PRODUCT_CODES.ESCROW,
  AGREEMENT: PRODUCT_CODES.AGREEMENT,
};

/** A repeated Idempotency-Key must carry the same order, or it is a client bug worth refusing. */
function sameRequest(order: OrderWithItems, input: CreateOrderInput): boolean {
  const requested = normalizeItems(input.items);
  const stored = [...order.items].sort((a, b) => a.sku.localeCompare(b.sku));
  return (
    order.flow === input.flow &&
    requested.length === stored.length &&
    requested.every(
      (item, index) => item.sku === stored[index]?.sku && item.quantity === stored[index]?.quantity,
    )
  );
}

async function findByKey(ctx: ServiceContext, customerId: string, idempotencyKey: string) {
  return ctx.prisma.order.findUnique({
    where: { customerId_idempotencyKey: { customerId, idempotencyKey } },
    include: { items: true },
  });
}

export async function createOrder(
  ctx: ServiceContext,
  customerId: string,
  input: CreateOrderInput,
): Promise<{ order: OrderWithItems; created: boolean }> {
  const existing = await findByKey(ctx, customerId, input.idempotencyKey);
  if (existing) return { order: replay(existing, input), created: false };

  const agreement = input.flow === "AGREEMENT" ? await activeAgreement(ctx, customerId) : undefined;
  const priced = await priceItems(ctx.prisma, input.items);

  const orderId = uuidv7();
  let order: OrderWithItems;
  try {
    order = await ctx.prisma.order.create({
      data: {
        id: orderId,
        customerId,
        flow: input.flow,
        productCode: PRODUCT_CODE_OF[input.flow],
        currency: priced.currency,
        amountFils: priced.amountFils,
        idempotencyKey: input.idempotencyKey,
        // Derived from our own row id: the same order always pays with the same request id.
        paymentRequestId: `pay_${orderId.replaceAll("-", "")}`,
        paymentExpiresAt: new Date(ctx.now().getTime() + PAYMENT_WINDOW_MS),
        note: input.note ?? null,
        agreementId: agreement?.id ?? null,
        // If we crash before the wallet answers, reconciliation picks the order up from here.
        nextReconcileAt: new Date(ctx.now().getTime() + 30_000),
        items: { create: priced.lines },
        events: { create: { type: "CREATED", toStatus: "CREATED", actor: `customer:${customerId}` } },
      },
      include: { items: true },
    });
  } catch (error) {
    // A concurrent request with the same key won the insert: answer with its order.
    if ((error as { code?: string }).code === "P2002") {
      const winner = await findByKey(ctx, customerId, input.idempotencyKey);
      if (winner) return { order: replay(winner, input), created: false };
    }
    throw error;
  }

  const payRequest = await buildPayRequest(ctx, order);
  const outcome = await withWalletCallScope({ orderId: order.id }, () => ctx.wallet.pay(payRequest));
  await applyPayOutcome(ctx, order, outcome, "wallet:pay");
  // The lines never change after creation: only the order row is read back.
  const current = {
    ...(await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } })),
    items: order.items,
  };
  return { order: current, created: true };
}

function replay(order: OrderWithItems, input: CreateOrderInput): OrderWithItems {
  if (!sameRequest(order, input)) {
    throw new ApiError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
      { orderId: order.id },
    );
  }
  return order;
}

async function activeAgreement(ctx: ServiceContext, customerId: string) {
  const agreement = await ctx.prisma.agreement.findFirst({
    where: { customerId, status: "ACTIVE" },
    orderBy: { boundAt: "desc" },
  });
  if (!agreement?.paymentAuthCodeCipher) {
    throw new ApiError(
      "ORDER_STATUS_INVALID",
      "No active payment agreement. Prepare one with POST /api/mini/agreements and bind it first.",
    );
  }
  if (agreement.paymentAuthCodeExpiresAt && agreement.paymentAuthCodeExpiresAt <= ctx.now()) {
    throw new ApiError("ORDER_STATUS_INVALID", "The payment agreement has expired; sign it again.");
  }
  return { id: agreement.id };
}
