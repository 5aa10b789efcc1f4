"use client";
// What an order action's answer means for the operator, in words with the amount that actually moved
// ("Done: the wallet refunded 10,000 IQD to علي حسن"), and what to follow until the wallet's answer is
// final: a refund or an escrow operation it is still processing, or whose answer is unknown.
import { formatAmount, formatBaghdadTime } from "@/lib/console/i18n/format";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import type { OrderActionAnswerJson } from "@/lib/http/contract/admin/order-actions";
import type { ApiAnswer } from "./admin-api";
import type { Followed, FollowedState } from "./follow-to-final";

export type Result = { tone: "ok" | "info" | "warn" | "bad"; text: string };

interface Words {
  t: Translate;
  locale: Locale;
  /** The customer's name, or "the customer". */
  customer: string;
}

export type Moved = { action: "refund" | "void" | "cancel" | "accept"; amountFils: bigint | null };

const TONE: Record<string, Result["tone"]> = { SUCCESS: "ok", FAIL: "bad", UNKNOWN: "warn" };

/** A wallet outcome in words; a success names the amount that moved and to whom. */
function outcomeWords(outcome: string, resultCode: string | null, moved: Moved, words: Words): Result {
  const { t, locale, customer } = words;
  const tone = TONE[outcome] ?? "info";
  if (outcome === "SUCCESS" && moved.action !== "accept" && moved.amountFils !== null) {
    const amount = formatAmount(moved.amountFils, locale);
    return { tone, text: t(`action.done.${moved.action}`, { amount, customer }) };
  }
  return { tone, text: t(dynamicKey("action.outcome", outcome), { code: resultCode ?? "" }) };
}

/** What the action moved: a refund's or void's own amount; a cancel gives back all that was held. */
function movedBy(
  body: Exclude<OrderActionAnswerJson, { action: "reconcile" } | { state: "AWAITING_APPROVAL" }>,
): Moved {
  if (body.action === "refund") {
    return { action: "refund", amountFils: "refund" in body ? BigInt(body.refund.amountFils) : null };
  }
  if (body.action === "cancel") {
    return { action: "cancel", amountFils: BigInt(body.order.amountFils) - BigInt(body.order.voidedFils) };
  }
  const amount = body.operation.amountFils;
  return { action: body.action, amountFils: amount === null ? null : BigInt(amount) };
}

export interface Described {
  result: Result;
  /** The record to follow until the wallet's answer is final; absent when it already is. */
  follow?: Followed;
  moved?: Moved;
}

/** The answer of an action the API accepted. */
export function describeAnswer(orderId: string, body: OrderActionAnswerJson, words: Words): Described {
  const { t } = words;
  if (body.action === "reconcile") return { result: describeCheck(body, words) };
  if (body.state === "AWAITING_APPROVAL")
    return { result: { tone: "info", text: t("action.awaitingApproval") } };
  const moved = movedBy(body);
  const result = outcomeWords(body.wallet.outcome, body.wallet.resultCode, moved, words);
  if (body.state !== "IN_PROGRESS") return { result, moved };
  const follow: Followed =
    "refund" in body
      ? { orderId, kind: "refund", id: body.refund.id }
      : { orderId, kind: "operation", id: body.operation.id };
  return { result, follow, moved };
}

/**
 * What checking with the wallet found: a new status, or — said plainly — that the outcome is still
 * unknown and when the next automatic check is, so nobody reads "Checked" as "settled".
 */
function describeCheck(body: Extract<OrderActionAnswerJson, { action: "reconcile" }>, words: Words): Result {
  const { t, locale } = words;
  const status = t(dynamicKey("status", body.order.status));
  if (!body.stillUnsettled) {
    return body.settled
      ? { tone: "ok", text: t("action.reconciledChanged", { status }) }
      : { tone: "info", text: t("action.reconciled") };
  }
  const next = body.nextCheckAt
    ? t("action.reconciledNextCheck", { time: formatBaghdadTime(new Date(body.nextCheckAt), locale) })
    : "";
  const still = body.settled
    ? t("action.reconciledChangedStillOpen", { status })
    : t("action.reconciledStillUnknown");
  return { tone: "warn", text: `${still} ${next}`.trim() };
}

/** The followed record's state in words, once it changed; a success with the amount it moved. */
export function describeFollowed(state: FollowedState, moved: Moved, words: Words): Result | null {
  const outcome =
    state.status === "SUCCESS" || state.status === "FAIL"
      ? state.status
      : state.status === "PROCESSING"
        ? "PROCESSING"
        : state.status === "RETRY"
          ? "RETRYING"
          : "UNKNOWN";
  const amountFils = state.amountFils === null ? moved.amountFils : BigInt(state.amountFils);
  return outcomeWords(outcome, state.resultCode, { ...moved, amountFils }, words);
}

/** The wallet refused it: the answer is an error carrying the wallet's resultCode. */
export function refusal(answer: ApiAnswer, t: Translate): Result {
  const details = (answer.body as { error?: { details?: { resultCode?: string } } } | null)?.error?.details;
  return { tone: "bad", text: t("action.outcome.FAIL", { code: details?.resultCode ?? "" }) };
}
