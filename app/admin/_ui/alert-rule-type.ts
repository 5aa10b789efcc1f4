// How an alert rule's type reads, for the server page and the client dialog alike: an event's name,
// or the daily summary.

import { dynamicKey, type MessageKey } from "@/lib/console/i18n/translate";
import { DAILY_SUMMARY } from "@/lib/events/alerts/alert-types";

export function ruleTypeKey(type: string): MessageKey {
  return type === DAILY_SUMMARY ? "alerts.type.daily.summary" : dynamicKey("eventType", type);
}
