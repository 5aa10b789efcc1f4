// Example hook: when an order is paid, POST a ticket to the kitchen (or the warehouse, or the
// courier) at KITCHEN_TICKET_URL (hooks/settings.ts). The event's id goes along as `Idempotency-Key` and `ticketId`:
// if the worker dies after the kitchen got the ticket but before it was recorded as delivered, the
// ticket is sent again, and the kitchen's system recognizes it. Unset URL: nothing is sent.

import { defineHook } from "@/lib/events/hooks";
import { hookSettings } from "./settings";

export default defineHook({
  name: "kitchen-ticket",
  event: "order.paid",
  async handle(event, { db, log, signal }) {
    const url = hookSettings().kitchenTicketUrl;
    if (url === undefined) {
      log.debug("KITCHEN_TICKET_URL is not set: no kitchen ticket");
      return;
    }
    const order = await db.order.findUniqueOrThrow({
      where: { id: event.data.orderId },
      select: { note: true, items: { select: { sku: true, name: true, nameArabic: true, quantity: true } } },
    });
    const answer = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": event.id },
      body: JSON.stringify({
        ticketId: event.id,
        orderId: event.data.orderId,
        paidAt: event.data.paidAt,
        amountFils: event.data.amountFils,
        note: order.note,
        items: order.items,
      }),
      signal,
    });
    if (!answer.ok) throw new Error(`the kitchen answered ${answer.status}`);
    log.info({ orderId: event.data.orderId }, "kitchen ticket sent");
  },
});
