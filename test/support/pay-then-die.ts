// A process that marks one order paid, as the notification intake or the reconcile worker would, and
// is killed (SIGKILL) the moment the status change has committed: nothing after the commit runs.
// Used by test/integration/events/events-crash.test.ts. Arguments: the order's id. Reads
// DATABASE_URL and the rest of the app's settings from the environment.

import { transitionOrderWithRetry } from "@/lib/payments/orders/transition-order";
import { getServiceContext } from "@/lib/platform/context/service-context";

const orderId = process.argv[2];
if (!orderId) throw new Error("usage: pay-then-die <orderId>");
const ctx = getServiceContext();
const written = await transitionOrderWithRetry(
  ctx.prisma,
  orderId,
  { type: "PAY_SUCCEEDED" },
  { actor: "wallet" },
);
if (!written) throw new Error(`order ${orderId} could not be paid`);
process.kill(process.pid, "SIGKILL");
