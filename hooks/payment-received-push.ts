// Example hook: when an order is paid, tell the customer in the wallet app (sendPush). The message's
// id is derived from the event's id, so a retried hook never sends a second message (pushOnce).
// A customer who did not allow push messages is not an error: the message is recorded as refused.
import { v5 as uuidv5 } from "uuid";
import { pushOnce } from "@/lib/customers/push/resend-push";
import { defineHook } from "@/lib/events/hooks";
import { PUSH_URL_PREFIX } from "@/lib/wallet/operations";
import { hookSettings } from "./settings";

/** Any fixed UUID: the namespace of the push ids this hook derives. */
const PUSH_ID_NAMESPACE = "0b9e3f8c-1f40-4d5e-9a7c-5f0e2d6c8a41";

export default defineHook({
  name: "payment-received-push",
  event: "order.paid",
  async handle(event, { services, log }) {
    const appId = hookSettings().miniAppId;
    if (appId === undefined) {
      log.warn("MINI_APP_ID is not set: no payment push (the wallet needs the app id in the link)");
      return;
    }
    const iqd = (BigInt(event.data.amountFils) / 1000n).toLocaleString("en-US");
    const page = encodeURIComponent(`pages/orders/detail?orderId=${event.data.orderId}`);
    const outcome = await pushOnce(
      services,
      uuidv5(`payment-received-push:${event.id}`, PUSH_ID_NAMESPACE),
      event.data.customerId,
      {
        title: "Payment received",
        content: `We received your payment of ${iqd} IQD. Thank you!`,
        url: `${PUSH_URL_PREFIX}?appId=${encodeURIComponent(appId)}&page=${page}`,
      },
    );
    log.info({ orderId: event.data.orderId, outcome }, "payment push");
  },
});
