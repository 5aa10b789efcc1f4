// The fork's hooks: your code, run after an event has committed (docs/events.md). Add a file per
// hook beside these two (defineHook, typed by its event) and list it here; the events worker runs
// every hook listed, at least once per event, in order per order, retried with backoff. This folder
// is yours: upstream updates never touch files in it other than the two examples.
import type { Hook } from "@/lib/events/hooks";
import kitchenTicket from "./kitchen-ticket";
import paymentReceivedPush from "./payment-received-push";

export const HOOKS: readonly Hook[] = [kitchenTicket, paymentReceivedPush];
