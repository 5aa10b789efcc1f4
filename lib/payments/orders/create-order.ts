// POST /api/mini/orders: creates an order and its wallet payment, exactly once per Idempotency-Key.
//
// The order row, with its paymentRequestId, is committed before the wallet is called
// (docs/architecture.md, "Rules"): a crash after the insert leaves a CREATED order that
// reconciliation settles with the same paymentRequestId, and a retried request finds the order
// instead of creating a second payment.
//
// The busy path is two statements: the insert (which also settles the key, the customer and the
// prices: insert-order.ts), and the status change with its event and the `pay` exchange's
// wallet-call log row (held-calls.ts), which returns the order as written.

import { assertCustomerKnown, customerGoneError } from "@/lib/customers/assert-customer-known";
import { normalizeItems, priceItems, type RequestedItem } from "@/lib/payments/catalog/price-items";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Agreement, Order, OrderItem } from "@/lib/platform/db";
import {
  BusinessRuleError,
  isDomainError,
  StateInvalidError,
  WalletUnavailableError,
} from "@/lib/platform/errors/domain-errors";
import { newRowId, requestIdFor } from "@/lib/platform/ids/request-ids";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import { HeldWalletCalls } from "@/lib/platform/wallet-calls/held-calls";
import type { OperationRequest } from "@/lib/wallet/operations";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { applyPayOutcome } from "./apply-pay-outcome";
import { insertOrder, type NewOrder } from "./insert-order";
import type { OrderFlow } from "./order-state";
import { buildPayRequest } from "./pay-request";

/** How long the customer has to pay at the cashier before the order closes. */
const PAYMENT_WINDOW_MS = 15 * 60 * 1000;

export interface CreateOrderInput {
  flow: OrderFlow;
  items: RequestedItem[];
  note?: string | undefined;
  idempotencyKey: string;
}

export type OrderWithItems = Order & { items: OrderItem[] };

/** CASHIER's code is the merchant's choice of online purchase product (ctx.cashierProductCode). */
const PRODUCT_CODE_OF: Record<Exclude<OrderFlow, "CASHIER">, string> = {
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

/** Prices at most this often: a catalog edit between pricing and insert is rare, two in a row rarer. */
const PRICING_ATTEMPTS = 3;

export async function createOrder(
  ctx: ServiceContext,
  customerId: string,
  input: CreateOrderInput,
): Promise<{ order: OrderWithItems; created: boolean }> {
  for (let attempt = 1; attempt <= PRICING_ATTEMPTS; attempt++) {
    let draft: Draft;
    try {
      // The first attempt prices from memory; a retry reads the catalog the insert found changed.
      draft = await draftOrder(ctx, customerId, input, { freshCatalog: attempt > 1 });
    } catch (refusal) {
      return replayOrRefuse(ctx, customerId, input, refusal);
    }
    const inserted = await insertOrder(ctx.prisma, draft.order);
    switch (inserted.outcome) {
      case "created": {
        const { order, walletCustomerId } = inserted;
        const payRequest = await buildPayRequest(ctx, order, {
          walletCustomerId,
          agreement: draft.agreement,
        });
        const { outcome, current } = await payAndRecord(ctx, order, payRequest);
        if (outcome.status === "U" && outcome.unknownCause === "CIRCUIT_OPEN") {
          // The wallet has not been answering, so `pay` was not even sent. The order stays, UNKNOWN,
          // for reconciliation to send it with the same paymentRequestId once the wallet answers; the
          // mini program is told now rather than shown a PROCESSING order that cannot move for a
          // while. Its retry with the same Idempotency-Key finds this order, never a second one.
          throw new WalletUnavailableError(
            "The wallet is not answering right now. Your order is kept: retry with the same Idempotency-Key.",
            { orderId: order.id },
          );
        }
        // The lines never change after creation.
        return { order: { ...current, items: order.items }, created: true };
      }
      case "key-taken": {
        // A concurrent or earlier request with the same key won the insert: answer with its order.
        const winner = await findByKey(ctx, customerId, input.idempotencyKey);
        if (!winner) throw new Error(`the order holding Idempotency-Key ${input.idempotencyKey} is gone`);
        return { order: replay(winner, input), created: false };
      }
      case "customer-unknown":
        throw customerGoneError();
      case "catalog-changed":
        continue;
    }
  }
  throw new Error(`the catalog kept changing while an order was priced (${PRICING_ATTEMPTS} attempts)`);
}

/**
 * Sends `pay` and records its answer. The exchange's log rows are held for the status change's
 * statement to write; any it did not (nothing to change, or an error on the way) are written alone
 * before this returns or throws.
 */
async function payAndRecord(ctx: ServiceContext, order: Order, payRequest: OperationRequest<"pay">) {
  const held = new HeldWalletCalls();
  try {
    const outcome = await withWalletCallScope({ orderId: order.id, held }, () => ctx.wallet.pay(payRequest));
    const current = await applyPayOutcome(ctx, order, outcome, "wallet:pay", held);
    return { outcome, current };
  } finally {
    await held.release();
  }
}

interface Draft {
  order: NewOrder;
  agreement: Agreement | undefined;
}

async function draftOrder(
  ctx: ServiceContext,
  customerId: string,
  input: CreateOrderInput,
  options: { freshCatalog: boolean },
): Promise<Draft> {
  const agreement = input.flow === "AGREEMENT" ? await activeAgreement(ctx, customerId) : undefined;
  const priced = await priceItems(ctx.prisma, input.items, { fresh: options.freshCatalog });
  const orderId = newRowId();
  const order: NewOrder = {
    id: orderId,
    customerId,
    flow: input.flow,
    productCode: input.flow === "CASHIER" ? ctx.cashierProductCode : PRODUCT_CODE_OF[input.flow],
    currency: priced.currency,
    amountFils: priced.amountFils,
    idempotencyKey: input.idempotencyKey,
    // Derived from our own row id: the same order always pays with the same request id.
    paymentRequestId: requestIdFor("pay", orderId),
    paymentExpiresAt: new Date(ctx.now().getTime() + PAYMENT_WINDOW_MS),
    note: input.note ?? null,
    agreementId: agreement?.id ?? null,
    // If we crash before the wallet answers, reconciliation picks the order up from here.
    nextReconcileAt: new Date(ctx.now().getTime() + 30_000),
    lines: priced.lines,
    actor: `customer:${customerId}`,
  };
  return { order, agreement };
}

/**
 * When an order cannot be drafted (unknown product, no agreement): a retry of an order that exists
 * already gets that order, whatever changed since; a session whose customer is gone gets REAUTHORIZE;
 * anyone else the refusal. Only refusals pay for these reads.
 */
async function replayOrRefuse(
  ctx: ServiceContext,
  customerId: string,
  input: CreateOrderInput,
  refusal: unknown,
): Promise<{ order: OrderWithItems; created: false }> {
  if (!isDomainError(refusal)) throw refusal;
  const existing = await findByKey(ctx, customerId, input.idempotencyKey);
  if (existing) return { order: replay(existing, input), created: false };
  await assertCustomerKnown(ctx, customerId);
  throw refusal;
}

function replay(order: OrderWithItems, input: CreateOrderInput): OrderWithItems {
  if (!sameRequest(order, input)) {
    throw new BusinessRuleError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
      { orderId: order.id },
    );
  }
  return order;
}

async function activeAgreement(ctx: ServiceContext, customerId: string): Promise<Agreement> {
  const agreement = await ctx.prisma.agreement.findFirst({
    where: { customerId, status: "ACTIVE" },
    orderBy: { boundAt: "desc" },
  });
  if (!agreement?.paymentAuthCodeCipher) {
    throw new StateInvalidError(
      "No active payment agreement. Prepare one with POST /api/mini/agreements and bind it first.",
    );
  }
  if (agreement.paymentAuthCodeExpiresAt && agreement.paymentAuthCodeExpiresAt <= ctx.now()) {
    throw new StateInvalidError("The payment agreement has expired; sign it again.");
  }
  return agreement;
}
