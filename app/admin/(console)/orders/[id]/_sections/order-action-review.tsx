"use client";
import { formatAmount } from "@/lib/console/i18n/format";
import type { Locale, MessageKey, Translate } from "@/lib/console/i18n/translate";
// The last step before an action is sent: the action restated in words, with the amount, the
// order's total and the customer ("Refund 10,000 IQD of 24,000 IQD to علي حسن. Reason: …"), and a
// confirm button named by what it does ("Refund 10,000 IQD", "Cancel the order") — never a bare
// "Confirm", never two buttons with the same word.
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import { type LimitPassed, limitPassed } from "@/lib/payments/refunds/limit-passed";
import type { ActionMoney } from "./order-action-fields";

/** Actions that ask for an amount first, then show the review; the others are reviewed at once. */
export const ACTIONS_WITH_INPUT: readonly OrderActionName[] = ["refund", "void"];

/** The operator's refund limits now, as the page hands them down (fils as text); null: none apply. */
export interface LimitsJson {
  perRefundFils: string | null;
  perDayFils: string | null;
  refundedTodayFils: string;
}

export interface ReviewContext {
  money: ActionMoney;
  limits: LimitsJson | null;
  /** The customer's name, or null (unknown, or not for this operator to see). */
  customer: string | null;
  t: Translate;
  locale: Locale;
}

function amountOf(body: Record<string, string>, fallback: string, locale: Locale): string {
  return formatAmount(BigInt(body.amount ?? fallback), locale);
}

/**
 * What the action gives back to the customer, in fils: a refund's or void's amount, a cancel's
 * whole held amount; null for what gives nothing back. Held to the operator's refund limits.
 */
function givenBack(action: OrderActionName, body: Record<string, string>, money: ActionMoney): bigint | null {
  if (action === "refund") return BigInt(body.amount ?? "0");
  if (action === "void") return BigInt(body.amount ?? money.heldFils);
  if (action === "cancel") return BigInt(money.heldFils);
  return null;
}

/** The action's own sentence, without what its limits say. */
function actionSentence(action: OrderActionName, body: Record<string, string>, context: ReviewContext) {
  const { money, t, locale } = context;
  const customer = context.customer ?? t("action.theCustomer");
  const total = formatAmount(BigInt(money.amountFils), locale);
  switch (action) {
    case "refund":
      return t("action.refund.review", {
        amount: amountOf(body, "0", locale),
        total,
        customer,
        reason: body.reason ?? "",
      });
    case "void":
      return t("action.void.review", { amount: amountOf(body, money.heldFils, locale), total, customer });
    case "cancel":
      return t("action.cancel.review", { amount: formatAmount(BigInt(money.heldFils), locale), customer });
    case "accept":
      return t("action.accept.review", { total, customer });
    case "reconcile":
      return t("action.reconcile.review");
  }
}

/**
 * The action in words, as it will be sent; for what gives money back beyond the operator's limits,
 * that it will wait for another operator's approval instead.
 */
export function reviewText(
  action: OrderActionName,
  body: Record<string, string>,
  context: ReviewContext,
): string {
  const back = givenBack(action, body, context.money);
  return [actionSentence(action, body, context), back === null ? "" : waitsText(back, context)]
    .filter(Boolean)
    .join(" ");
}

/** The confirm button: what pressing it does (asking for approval, when that is what it does). */
export function confirmLabel(
  action: OrderActionName,
  body: Record<string, string>,
  context: ReviewContext,
): string {
  const { money, t, locale } = context;
  const back = givenBack(action, body, money);
  if (back !== null && limitOf(back, context.limits)) {
    return t("action.do.askApproval", { amount: formatAmount(back, locale) });
  }
  if (action === "refund") return t("action.do.refund", { amount: amountOf(body, "0", locale) });
  if (action === "void") return t("action.do.void", { amount: amountOf(body, money.heldFils, locale) });
  return t(`action.do.${action}` as MessageKey);
}

/** Which of the operator's limits this amount would pass: then it waits for approval, not the wallet. */
function limitOf(amountFils: bigint, limits: LimitsJson | null): LimitPassed | null {
  if (!limits) return null;
  const big = (fils: string | null) => (fils === null ? null : BigInt(fils));
  return limitPassed(amountFils, {
    perRefundFils: big(limits.perRefundFils),
    perDayFils: big(limits.perDayFils),
    refundedTodayFils: BigInt(limits.refundedTodayFils),
  });
}

/** Said in the review, before sending: it will wait for another operator's approval. */
function waitsText(amountFils: bigint, { limits, t, locale }: ReviewContext): string {
  const passed = limitOf(amountFils, limits);
  if (!passed || !limits) return "";
  if (passed === "PER_REFUND") {
    return t("action.refund.waits.PER_REFUND", {
      amount: formatAmount(amountFils, locale),
      limit: formatAmount(BigInt(limits.perRefundFils ?? "0"), locale),
    });
  }
  const perDay = BigInt(limits.perDayFils ?? "0");
  const left = perDay - BigInt(limits.refundedTodayFils);
  return t("action.refund.waits.PER_DAY", {
    limit: formatAmount(perDay, locale),
    left: formatAmount(left > 0n ? left : 0n, locale),
  });
}
