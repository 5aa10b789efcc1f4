// Subscriptions in words: a plan's price and period, a subscription's state and what comes next, and
// subscribing (one Idempotency-Key per subscribing, kept across signing an agreement first).
import { SignRefused, setUpAgreement } from "./agreement";
import { ApiError, api, call, type Plan, type Subscription } from "./api";
import { day, language, t } from "./i18n";
import type { MessageKey } from "./messages";
import { formatIqd } from "./money";
import { visit } from "./storage";

export type { Plan, Subscription };

export function planName(plan: Plan): string {
  return language() === "ar" ? plan.nameArabic : plan.name;
}

/** "every month", "every 2 weeks", "كل شهرين", "كل ١١ شهرًا". */
function every(plan: Plan): string {
  const { unit, count } = plan.interval;
  const form = count === 1 ? "1" : count === 2 ? "2" : count <= 10 ? "n" : "many";
  return t(`every_${unit}_${form}` as MessageKey, { count: String(count) });
}

export function planPrice(plan: Plan): string {
  return t("planPrice", { amount: formatIqd(plan.price.value), every: every(plan) });
}

export function statusLine(subscription: Subscription): string {
  const ending = subscription.cancelAtPeriodEnd && subscription.status !== "CANCELLED";
  return t(ending ? "sub_ENDING" : (`sub_${subscription.status}` as MessageKey));
}

/** When: the next charge, the end, the pause, and what to do about a failed charge. */
export function detailLines(subscription: Subscription): string[] {
  const { nextCharge, accessUntil, pausedAt, cancelledAt, lastFailure } = subscription;
  const lines: string[] = [];
  if (subscription.status === "CANCELLED")
    return cancelledAt ? [t("endedOn", { date: day(cancelledAt) })] : [];
  if (subscription.status === "PAUSED" && pausedAt) lines.push(t("pausedSince", { date: day(pausedAt) }));
  else if (subscription.cancelAtPeriodEnd && accessUntil) lines.push(t("endsOn", { date: day(accessUntil) }));
  // Access runs until the next charge as a rule: said once, unless they differ (a charge failing).
  else if (accessUntil && (!nextCharge || day(nextCharge.at) !== day(accessUntil)))
    lines.push(t("accessUntil", { date: day(accessUntil) }));
  if (nextCharge) {
    const when = { amount: formatIqd(nextCharge.amount.value), date: day(nextCharge.at) };
    lines.push(t(lastFailure ? "nextTry" : "nextCharge", when));
  }
  if (lastFailure) lines.push(t(lastFailure.action ? `action_${lastFailure.action}` : "failure_OTHER"));
  return lines;
}

class FirstChargeFailed extends Error {}

/** Subscribes; with no agreement bound yet, the customer signs one and the same key is sent again. */
export async function subscribeTo(plan: Plan): Promise<Subscription> {
  const store = `subscribe-${plan.planId}`;
  const key = visit.get(store) ?? `subscribe-${crypto.randomUUID()}`;
  visit.set(store, key);
  const body = { planId: plan.planId, language: language() };
  const subscription = await call(() => api.subscribe(body, key)).catch(async (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== "ORDER_STATUS_INVALID") throw error;
    await setUpAgreement();
    return call(() => api.subscribe(body, key));
  });
  // An answer, paid or refused, ends this subscribing: the next one is a new request.
  visit.remove(store);
  if (subscription.status === "CANCELLED") throw new FirstChargeFailed();
  return subscription;
}

/** A subscription's failure in the words of this page, or undefined for the general ones. */
export function subscriptionErrorKey(error: unknown): MessageKey | undefined {
  if (error instanceof FirstChargeFailed) return "firstChargeFailed";
  if (error instanceof SignRefused) return error.code === "6002" ? "sign_6002" : "sign_6001";
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === "ORDER_STATUS_INVALID") return "subscription_STATUS_INVALID";
  if (error.code === "OPERATION_IN_PROGRESS") return "subscription_IN_PROGRESS";
  return undefined;
}
