"use client";
import { formatAmount } from "@/lib/console/i18n/format";
import type { Locale, MessageKey, Translate } from "@/lib/console/i18n/translate";
// The last step before an action is sent: the action restated in words, with the amount, the
// order's total and the customer ("Refund 10,000 IQD of 24,000 IQD to علي حسن. Reason: …"), and a
// confirm button named by what it does ("Refund 10,000 IQD", "Cancel the order") — never a bare
// "Confirm", never two buttons with the same word.
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import type { ActionMoney } from "./order-action-fields";

/** Actions that ask for an amount first, then show the review; the others are reviewed at once. */
export const ACTIONS_WITH_INPUT: readonly OrderActionName[] = ["refund", "void"];

export interface ReviewContext {
  money: ActionMoney;
  /** The customer's name, or null (unknown, or not for this operator to see). */
  customer: string | null;
  t: Translate;
  locale: Locale;
}

function amountOf(body: Record<string, string>, fallback: string, locale: Locale): string {
  return formatAmount(BigInt(body.amount ?? fallback), locale);
}

/** The action in one sentence, as it will be sent. */
export function reviewText(
  action: OrderActionName,
  body: Record<string, string>,
  context: ReviewContext,
): string {
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

/** The confirm button: what pressing it does. */
export function confirmLabel(
  action: OrderActionName,
  body: Record<string, string>,
  context: ReviewContext,
): string {
  const { money, t, locale } = context;
  if (action === "refund") return t("action.do.refund", { amount: amountOf(body, "0", locale) });
  if (action === "void") return t("action.do.void", { amount: amountOf(body, money.heldFils, locale) });
  return t(`action.do.${action}` as MessageKey);
}
