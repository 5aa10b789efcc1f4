// Which events a person can be alerted about, and how each reads in one line. Alerts go to the
// merchant's staff and engineers by e-mail or chat, in English; the console shows them in its own
// language. Pure.
import type { DomainEvent, EventType } from "@/lib/platform/outbox/event-map";

export const ALERTABLE_EVENT_TYPES = [
  "order.flagged",
  "payment.unknown",
  "refund.failed",
  "notification.rejected",
  "wallet.unavailable",
  "delivery.dead",
  "subscription.past_due",
  "subscription.cancelled",
] as const satisfies readonly EventType[];

/** Alert rules take an alertable event type, or the daily summary (not an event: a time of day). */
export const DAILY_SUMMARY = "daily.summary";
export const ALERT_RULE_TYPES = [...ALERTABLE_EVENT_TYPES, DAILY_SUMMARY] as const;

/** The shapes of chat webhook bodies we send (send-alert.ts). */
export const CHAT_FORMATS = ["json", "slack", "discord", "telegram"] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

const iqd = (fils: string) => `${(BigInt(fils) / 1000n).toLocaleString("en-US")} IQD`;

/** The event in one line. */
export function alertLine(event: DomainEvent): string {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case "order.flagged":
      return `Order ${String(data.orderId)} needs a person: ${String(data.reason)}.`;
    case "payment.unknown":
      return `Payment of ${iqd(String(data.amountFils))} for order ${event.orderId} still unknown since ${String(data.unknownSince)}: the wallet is being asked until it answers.`;
    case "refund.failed":
      return `Refund ${String(data.refundId)} of ${iqd(String(data.amountFils))} on order ${String(data.orderId)} failed (${String(data.failReason ?? data.resultCode ?? "no reason given")}).`;
    case "notification.rejected":
      return `A wallet notification (${String(data.kind)}) from ${String(data.sourceAddress)} failed verification: ${String(data.reason)}.`;
    case "wallet.unavailable":
      return `The wallet stopped answering (seen by ${String(data.process)}); calls fail fast and are retried.`;
    case "delivery.dead":
      return `Delivery of ${String(data.eventType)} to ${String(data.targetKind).toLowerCase()} ${String(data.target)} gave up after ${String(data.attempts)} tries: ${String(data.lastError ?? "")}`;
    case "subscription.past_due":
      return `Subscription ${String(data.subscriptionId)} (${String(data.sku)}) is past due: its charge failed and the grace is over, or the customer must act.`;
    case "subscription.cancelled":
      return `Subscription ${String(data.subscriptionId)} (${String(data.sku)}) was cancelled (${String(data.reason)}).`;
    default:
      return `${event.type} at ${event.occurredAt}`;
  }
}
