// Why an order or a refund was flagged for a person, as data: a kind and its facts. Services raise
// one of these kinds (lib/payments/orders/flag-order.ts); the row keeps it in `attention_flag`, next to the
// English sentence written from it here (`attention_reason`, for logs, the API and alerts). The
// console says it in the operator's language from the kind and its facts, never by reading the
// sentence (app/admin/_ui/flag-reason.ts). A new kind goes here, with its sentence and its words.
import { z } from "zod";
import { formatDuration } from "@/lib/platform/time/duration";

const notification = z.enum(["payment", "refund", "void"]);
/** An escrow operation or a refund, in lower case as the wallet's interface names them: "accept". */
const operation = z.string().regex(/^[a-z]+$/);
const outcome = z.enum(["succeeded", "failed"]);

export const orderFlagSchema = z
  .discriminatedUnion("kind", [
    /** The wallet says a payment succeeded for an order already final (closed, cancelled, failed). */
    z.object({ kind: z.literal("SUCCESS_ON_FINAL"), status: z.string() }),
    /** Reconciliation found no final answer for the payment after this long. */
    z.object({ kind: z.literal("PAYMENT_UNSETTLED"), afterMs: z.number().int().nonnegative() }),
    /** An escrow operation (accept, cancel, void) or a refund has had no final answer for this long. */
    z.object({
      kind: z.literal("OPERATION_UNSETTLED"),
      operation,
      afterMs: z.number().int().nonnegative(),
    }),
    /** A notification named another amount than ours. */
    z.object({ kind: z.literal("AMOUNT_MISMATCH"), notification, amount: z.string() }),
    /** A notification named another payment than ours. */
    z.object({
      kind: z.literal("PAYMENT_ID_MISMATCH"),
      notification,
      paymentId: z.string(),
      ours: z.string().optional(),
    }),
    /** The wallet reports an escrow operation's outcome the other way round from what we recorded. */
    z.object({
      kind: z.literal("CONTRADICTION"),
      operation,
      requestId: z.string(),
      wallet: outcome,
      ours: outcome,
    }),
    /** The wallet reports a refund's status against the final one we recorded. */
    z.object({
      kind: z.literal("REFUND_CONTRADICTION"),
      refundRequestId: z.string(),
      wallet: z.string(),
      ours: z.string(),
    }),
    /** Reconciliation could not send the payment again. */
    z.object({ kind: z.literal("CANNOT_RESEND"), error: z.string() }),
    /** The wallet confirmed an escrow operation the order's state no longer allows. */
    z.object({ kind: z.literal("CONFIRMED_NOT_ALLOWED"), operation }),
  ])
  .meta({ id: "OrderFlag", description: "Why an order or a refund needs a person: a kind and its facts." });

export type OrderFlag = z.infer<typeof orderFlagSchema>;

/** The flag's English sentence, as `attention_reason` keeps it. */
export function flagSentence(flag: OrderFlag): string {
  switch (flag.kind) {
    case "SUCCESS_ON_FINAL":
      return `wallet reports SUCCESS for an order that is ${flag.status}`;
    case "PAYMENT_UNSETTLED":
      return `payment not settled by the wallet after ${formatDuration(flag.afterMs)} of reconciliation`;
    case "OPERATION_UNSETTLED":
      return `${flag.operation} not settled by the wallet after ${formatDuration(flag.afterMs)}`;
    case "AMOUNT_MISMATCH":
      return `${flag.notification} notification amount ${flag.amount}`;
    case "PAYMENT_ID_MISMATCH":
      return `${flag.notification} notification names paymentId ${flag.paymentId}${flag.ours ? `, ours is ${flag.ours}` : ""}`;
    case "CONTRADICTION":
      return `wallet reports ${flag.operation} ${flag.requestId} ${flag.wallet}; we recorded it ${flag.ours}`;
    case "REFUND_CONTRADICTION":
      return `wallet reports refund ${flag.refundRequestId} ${flag.wallet}; we recorded ${flag.ours}`;
    case "CANNOT_RESEND":
      return `cannot re-send pay: ${flag.error}`;
    case "CONFIRMED_NOT_ALLOWED":
      return `wallet confirmed ${flag.operation} the order state does not allow`;
  }
}

/** A stored flag, read back; null for none, or for one this release does not know. */
export function readFlag(stored: unknown): OrderFlag | null {
  const parsed = orderFlagSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * Why a flag came back after an operator resolved it — always a new fact, never the old one again:
 * a deadline that passed again since the resolution, or a new report from the wallet (a
 * contradiction, a mismatch). Kept in the stored flag beside its kind and facts.
 */
export type RaisedAgain = {
  because: "NEW_DEADLINE" | "NEW_REPORT";
  /** When the flag had been resolved, ISO 8601. */
  resolvedAt: string;
};

const raisedAgainSchema = z.object({
  because: z.enum(["NEW_DEADLINE", "NEW_REPORT"]),
  resolvedAt: z.string(),
});

/** Flags raised by time passing without a settled answer (not by something the wallet said). */
const DEADLINE_KINDS: readonly OrderFlag["kind"][] = [
  "PAYMENT_UNSETTLED",
  "OPERATION_UNSETTLED",
  "CANNOT_RESEND",
];

export function isDeadlineFlag(flag: OrderFlag): boolean {
  return DEADLINE_KINDS.includes(flag.kind);
}

/** The "raised again" part of a stored flag; null for a flag raised the first time. */
export function raisedAgainOf(stored: unknown): RaisedAgain | null {
  if (!stored || typeof stored !== "object") return null;
  const parsed = raisedAgainSchema.safeParse((stored as { raisedAgain?: unknown }).raisedAgain);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether the flag's cause is gone for an order now in `status`: a payment that was not settled (or
 * could not be re-sent) once the wallet settled it. Other flags record something the wallet said
 * and stay until a person resolves them.
 */
export function paymentFlagCauseGone(flag: OrderFlag, settledStatuses: { unsettled: boolean }): boolean {
  return (flag.kind === "PAYMENT_UNSETTLED" || flag.kind === "CANNOT_RESEND") && !settledStatuses.unsettled;
}

/** The columns a flag is written to, on an order or a refund. */
export function flagColumns(flag: OrderFlag, again?: RaisedAgain) {
  const sentence = again
    ? `${flagSentence(flag)} (raised again after it was resolved: ${again.because === "NEW_DEADLINE" ? "a new deadline passed" : "a new report from the wallet"})`
    : flagSentence(flag);
  return {
    needsAttention: true,
    attentionReason: sentence.slice(0, 500),
    attentionFlag: again
      ? { ...flag, raisedAgain: { because: again.because, resolvedAt: again.resolvedAt } }
      : flag,
  };
}
