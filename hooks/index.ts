// The fork's hooks: your code, run after an event has committed (docs/events.md). Add a file per
// hook beside these (defineHook, typed by its event) and list it here; the events worker runs
// every hook listed, at least once per event, in order per order, retried with backoff
// (test/unit/hooks/hooks-listed.test.ts fails on a hook file left out). A hook's settings go in
// settings.ts; the packages it imports go in package.json `dependencies` (production installs only
// those, and the build refuses a dev dependency). Production runs the bundled workers
// (dist/workers.mjs), so a new or changed hook runs there after `npm run build`. This folder is yours:
// upstream updates never touch files in it other than the three examples and their settings.
import type { Hook } from "@/lib/events/hooks";
import kitchenTicket from "./kitchen-ticket";
import paymentReceivedPush from "./payment-received-push";
import subscriptionNotices from "./subscription-notices";

export const HOOKS: readonly Hook[] = [kitchenTicket, paymentReceivedPush, subscriptionNotices];
