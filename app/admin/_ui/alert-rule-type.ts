// How an alert rule's type reads, for the server page and the client dialog alike: an event's name,
// or the daily summary.
import { DAILY_SUMMARY } from "@/lib/alerts/alert-types";
import { dynamicKey, type MessageKey } from "@/lib/i18n/translate";

export function ruleTypeKey(type: string): MessageKey {
  return type === DAILY_SUMMARY ? "alerts.type.daily.summary" : dynamicKey("eventType", type);
}
