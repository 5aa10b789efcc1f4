// The first half of a charge: in one transaction under the subscription's lock, decide whether the
// period is to be charged now and, if so, write the try's order (flow AGREEMENT, its paymentRequestId
// derived from the subscription, the period and the try) and move the period to CHARGING. Only after
// this commits does anyone call the wallet, so a crash at any later point leaves an order that
// reconciliation settles with the same id, and a second job for the same period finds it CHARGING
// and sends nothing.
import { insertOrder } from "@/lib/payments/orders/insert-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Agreement, Order, OrderItem, Prisma, SubscriptionPeriod } from "@/lib/platform/db";
import { newRowId, subscriptionChargeRequestId } from "@/lib/platform/ids/request-ids";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { type LockedSubscription, lockPeriod } from "./locked-subscription";
import { movePeriod } from "./period-state";
import { recordFailedTry } from "./record-failed-try";
import { CHECK_BACK_MS } from "./settle-period";
import { moveSubscription } from "./subscription-state";

export type TryStart =
  | { kind: "started"; order: Order & { items: OrderItem[] }; walletCustomerId: string }
  /** A try is at the wallet already (another job, or one before a crash): settle, do not send. */
  | { kind: "in-flight" }
  | { kind: "not-due" | "settled" | "paused" | "voided" | "failed-without-charge" };

/** The agreement pay window: an agreement charge answers at once, this only bounds a lost one. */
const PAYMENT_WINDOW_MS = 15 * 60_000;

export async function startTry(
  ctx: ServiceContext,
  periodId: string,
  agreement: Agreement | null,
  actor: string,
): Promise<TryStart> {
  return ctx.prisma.$transaction(async (tx) => {
    const locked = await lockPeriod(tx, periodId);
    if (!locked) return { kind: "settled" };
    const { subscription, period } = locked;
    const now = ctx.now();
    if (period.status === "CHARGING") return { kind: "in-flight" };
    if (period.status !== "SCHEDULED") return { kind: "settled" };
    if (period.nextAttemptAt && period.nextAttemptAt > now) return { kind: "not-due" };
    if (subscription.status === "PAUSED") return { kind: "paused" };
    if (subscription.status === "CANCELLED" || subscription.cancelAtPeriodEnd) {
      await endAtPeriodStart(tx, now, subscription, period, actor);
      return { kind: "voided" };
    }
    if (!agreement) {
      const failure = { orderId: null, resultCode: "AGREEMENT_MISSING", kind: "CUSTOMER" as const };
      await recordFailedTry(tx, now, subscription, period, failure, actor);
      return { kind: "failed-without-charge" };
    }
    return insertTry(tx, now, subscription, period, agreement, actor);
  });
}

async function insertTry(
  tx: Prisma.TransactionClient,
  now: Date,
  subscription: LockedSubscription,
  period: SubscriptionPeriod,
  agreement: Agreement,
  actor: string,
): Promise<TryStart> {
  const attempt = period.attempts + 1;
  const requestId = subscriptionChargeRequestId(subscription.id, period.number, attempt);
  const orderId = newRowId();
  const { product } = subscription.plan;
  const inserted = await insertOrder(tx, {
    id: orderId,
    customerId: subscription.customerId,
    flow: "AGREEMENT",
    productCode: PRODUCT_CODES.AGREEMENT,
    currency: period.currency,
    amountFils: period.amountFils,
    idempotencyKey: requestId,
    paymentRequestId: requestId,
    paymentExpiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
    note: `Subscription ${subscription.id}, period ${period.number}`,
    agreementId: agreement.id,
    // A crash before the wallet's answer is recorded: reconciliation asks with this same id.
    nextReconcileAt: new Date(now.getTime() + 30_000),
    lines: [
      {
        sku: product.sku,
        name: product.name,
        nameArabic: product.nameArabic,
        unitPriceFils: period.amountFils,
        quantity: 1,
      },
    ],
    actor,
    pricedByCaller: true,
  });
  // Under the lock, and with `attempts` committed with each order, the id of a new try is never taken.
  if (inserted.outcome !== "created")
    throw new Error(`charge ${requestId} could not be written: ${inserted.outcome}`);
  const moved = await movePeriod(tx, period.id, "SCHEDULED", "CHARGING", {
    attempts: attempt,
    orderId,
    nextAttemptAt: new Date(now.getTime() + CHECK_BACK_MS),
    leaseUntil: null,
  });
  // Unreachable under the lock; if it ever is, roll the order back rather than send it.
  if (!moved) throw new Error(`period ${period.id} left SCHEDULED while its charge was written`);
  if (subscription.agreementId !== agreement.id) {
    await tx.subscription.update({ where: { id: subscription.id }, data: { agreementId: agreement.id } });
  }
  return { kind: "started", order: inserted.order, walletCustomerId: inserted.walletCustomerId };
}

/** A due period of a subscription that is cancelled, or ends here: void it, end the subscription. */
async function endAtPeriodStart(
  tx: Prisma.TransactionClient,
  now: Date,
  subscription: LockedSubscription,
  period: SubscriptionPeriod,
  actor: string,
): Promise<void> {
  await movePeriod(tx, period.id, "SCHEDULED", "VOID", { nextAttemptAt: null, leaseUntil: null });
  await moveSubscription(tx, subscription, {
    to: "CANCELLED",
    actor,
    reason: "PERIOD_END",
    data: { cancelledAt: now, cancelReason: "PERIOD_END" },
  });
}
