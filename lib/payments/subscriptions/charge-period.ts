// The billing engine's one step for one period: find the agreement to charge (its token refreshed
// first if it expired), start the try (start-try.ts: the order committed before the wallet is
// called), send `pay`, record the answer on the order, then settle the period from the order's
// committed status (settle-period.ts). Every step can be repeated after a crash, or run twice at
// once by duplicate jobs, and the period is still charged at most once per try and its next period
// scheduled once.
import { ensureAgreementToken } from "@/lib/payments/agreements/refresh-agreement-token";
import { applyPayOutcome } from "@/lib/payments/orders/apply-pay-outcome";
import { buildPayRequest } from "@/lib/payments/orders/pay-request";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Agreement } from "@/lib/platform/db";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import { type SettleOutcome, settlePeriod } from "./settle-period";
import { startTry, type TryStart } from "./start-try";

export type ChargeOutcome = SettleOutcome | Exclude<TryStart["kind"], "started" | "in-flight">;

const ACTOR = "worker:subscriptions";

export async function chargePeriod(
  ctx: ServiceContext,
  periodId: string,
  actor = ACTOR,
): Promise<ChargeOutcome> {
  const head = await ctx.prisma.subscriptionPeriod.findUnique({
    where: { id: periodId },
    select: { status: true, subscription: { select: { customerId: true } } },
  });
  if (!head) return "settled";
  // Only a period about to be tried needs the agreement (and maybe a token refresh).
  const agreement =
    head.status === "SCHEDULED" ? await agreementToCharge(ctx, head.subscription.customerId) : null;
  const start = await startTry(ctx, periodId, agreement, actor);
  if (start.kind === "in-flight") return settleAfterRefusal(ctx, periodId, actor);
  if (start.kind !== "started") return start.kind;
  const payRequest = await buildPayRequest(ctx, start.order, {
    walletCustomerId: start.walletCustomerId,
    ...(agreement ? { agreement } : {}),
  });
  const outcome = await withWalletCallScope({ orderId: start.order.id }, () => ctx.wallet.pay(payRequest));
  await applyPayOutcome(ctx, start.order, outcome, actor);
  return settleAfterRefusal(ctx, periodId, actor);
}

/**
 * The customer's active agreement with a usable token, or null when there is none: a token that
 * expired is refreshed first (without the customer), and one that cannot be refreshed ends the
 * agreement. A wallet that does not answer the refresh throws: the job is tried again later.
 */
async function agreementToCharge(ctx: ServiceContext, customerId: string): Promise<Agreement | null> {
  const agreement = await ctx.prisma.agreement.findFirst({
    where: { customerId, status: "ACTIVE" },
    orderBy: { boundAt: "desc" },
  });
  if (!agreement?.paymentAuthCodeCipher) return null;
  const expiresAt = agreement.paymentAuthCodeExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (expiresAt - ctx.now().getTime() > 60_000) return agreement;
  const state = await ensureAgreementToken(ctx, agreement.id);
  if (state === "gone") return null;
  return ctx.prisma.agreement.findUnique({ where: { id: agreement.id } });
}

/**
 * Settles the period; first, when its try's order failed with INVALID_ACCESS_TOKEN, refreshes the
 * agreement's token (spec: refresh it through applyToken): a new token makes the next try immediate
 * rather than a failure; a token that cannot be refreshed ends the agreement, and the customer must
 * sign again.
 */
async function settleAfterRefusal(
  ctx: ServiceContext,
  periodId: string,
  actor: string,
): Promise<SettleOutcome> {
  const period = await ctx.prisma.subscriptionPeriod.findUnique({
    where: { id: periodId },
    select: { status: true, order: { select: { status: true, resultCode: true, agreement: true } } },
  });
  const order = period?.status === "CHARGING" ? period.order : null;
  let retryNow = false;
  if (order?.status === "FAILED" && order.resultCode === "INVALID_ACCESS_TOKEN" && order.agreement) {
    const state = await ensureAgreementToken(ctx, order.agreement.id, {
      force: true,
      seenToken: order.agreement.paymentAuthCodeCipher,
    });
    retryNow = state !== "gone";
  }
  return settlePeriod(ctx, periodId, { retryNow, actor });
}
