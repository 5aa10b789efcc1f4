// The alerts' own hook: every alertable event is caught once for each enabled rule of its type
// (alert_events, unique per rule and event, so a retried delivery catches nothing twice). Sending is
// later and separate (flush-alerts.ts), so a thousand events in a minute become one message.
import { defineHook } from "@/lib/events/hooks";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { ALERTABLE_EVENT_TYPES, alertLine } from "./alert-types";

export const alertsHook = defineHook({
  name: "alerts",
  event: ALERTABLE_EVENT_TYPES,
  async handle(event, { db }) {
    const rules = await db.alertRule.findMany({
      where: { eventType: event.type, enabled: true },
      select: { id: true },
    });
    if (rules.length === 0) return;
    await db.alertEvent.createMany({
      data: rules.map((rule) => ({
        id: newRowId(),
        ruleId: rule.id,
        eventId: event.id,
        eventType: event.type,
        summary: alertLine(event),
        occurredAt: new Date(event.occurredAt),
      })),
      skipDuplicates: true,
    });
  },
});
