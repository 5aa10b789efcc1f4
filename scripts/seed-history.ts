// `npm run db:seed -- --history <days>`: a realistic past for demos, screenshots and benchmarks —
// each of the last <days> days (in Baghdad, on the sandbox's clock) gets paid cashier orders, one
// refunded in full and one in part, escrow money still held, a payment the wallet refused, one the
// customer gave up on, and a payment answered "unknown" and settled later; the last day adds a refund waiting for approval, a
// refund still in flight and an unknown payment left flagged for a person.
//
// Everything goes through the real services against the running sandbox (sessions, createOrder, the
// cashier, refunds, reconciliation, four eyes), so every row, event and wallet call is what the app
// itself would have written. Only the times are then moved back to their day (one UPDATE per table):
// the wallet cannot be asked to act in the past. A second run refuses (its orders are marked by
// their idempotency keys): drop the database, or `npm run db:migrate` a fresh one, to seed again.
import { startSession } from "@/lib/customers/start-session";
import { createOperator } from "@/lib/operators/manage-operators";
import { createOrder } from "@/lib/payments/orders/create-order";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { reconcileRefund } from "@/lib/payments/reconcile/reconcile-refund";
import { refundOrAskApproval } from "@/lib/payments/refunds/refund-requests";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import type { ServiceContext } from "@/lib/platform/context/service-context";

/** Marks the seeded orders, so a second run can tell and refuse. */
const KEY_PREFIX = "history-seed:";
const DAY_MS = 86_400_000;
const SETTLE = { flagAfterMs: DAY_MS, refundPollIntervalMs: 0, refundPollWindowMs: 0 };

export interface HistoryOptions {
  days: number;
  /** The sandbox's base URL: its control API (/sandbox/*) plays the customers at the cashier. */
  sandboxUrl: string;
  clientId: string;
  log?: (line: string) => void;
}

export class HistorySeededAlready extends Error {}

type Sandbox = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

function controlApi(baseUrl: string): Sandbox {
  return async (method, path, body) => {
    const answer = await fetch(new URL(path, baseUrl), {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok)
      throw new Error(`sandbox ${method} ${path}: HTTP ${answer.status} ${await answer.text()}`);
    return (await answer.json().catch(() => ({}))) as never;
  };
}

/** A wallet user who authorized the mini program, with our session started: a customer. */
async function newCustomer(ctx: ServiceContext, sandbox: Sandbox, clientId: string, persona?: string) {
  const { userId } = await sandbox<{ userId: string }>("POST", "/sandbox/users", persona ? { persona } : {});
  const { authCode } = await sandbox<{ authCode: string }>("POST", "/sandbox/authCodes", {
    userId,
    scopes: ["USER_ID"],
    clientId,
  });
  const session = await startSession(ctx, { authCode });
  return session.customer.id;
}

interface Seeder {
  ctx: ServiceContext;
  sandbox: Sandbox;
  clientId: string;
  /** The orders of the day being made, to move to their day afterwards. */
  made: string[];
}

interface OrderOptions {
  flow?: "CASHIER" | "ESCROW";
  persona?: string;
  /** What the customer does at the cashier: pay (the default), give up, or nothing yet. */
  atCashier?: "pay" | "cancel" | "nothing";
}

/** An order placed, taken through the cashier as `atCashier` says, and settled by reconciliation. */
async function order(seed: Seeder, sku: string, options: OrderOptions = {}) {
  const customerId = await newCustomer(seed.ctx, seed.sandbox, seed.clientId, options.persona);
  const { order: placed } = await createOrder(seed.ctx, customerId, {
    flow: options.flow ?? "CASHIER",
    items: [{ sku, quantity: 1 + (seed.made.length % 3) }],
    idempotencyKey: `${KEY_PREFIX}${crypto.randomUUID()}`,
  });
  seed.made.push(placed.id);
  const action = options.atCashier ?? "pay";
  if (action !== "nothing" && placed.paymentId) {
    const cashier = `/sandbox/cashier/${encodeURIComponent(placed.paymentId)}`;
    // A refused payment (too low a balance) leaves the cashier open: the customer then gives up.
    if (action === "pay") await seed.sandbox("POST", `${cashier}/pay`);
    else await seed.sandbox("POST", `${cashier}/pay`).catch(() => seed.sandbox("POST", `${cashier}/cancel`));
    await reconcileOrder(seed.ctx, placed.id, SETTLE);
  }
  return placed.id;
}

/** A refund, settled by asking the wallet if it did not answer at once. */
async function refund(seed: Seeder, orderId: string, amountFils: bigint) {
  const made = await requestRefund(seed.ctx, orderId, {
    amountFils,
    reason: "returned",
    requestedBy: "operator:history-seed",
  });
  if (made.status !== "SUCCESS" && made.status !== "FAIL") await reconcileRefund(seed.ctx, made.id, SETTLE);
}

async function amountOf(seed: Seeder, orderId: string) {
  return (await seed.ctx.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).amountFils;
}

/** One ordinary day: paid, refunded in full and in part, escrow held, refused, unknown then settled. */
async function ordinaryDay(seed: Seeder) {
  await order(seed, "COFFEE");
  const returned = await order(seed, "DATES");
  await refund(seed, returned, await amountOf(seed, returned));
  const partly = await order(seed, "KLEICHA");
  await refund(seed, partly, (await amountOf(seed, partly)) / 2n);
  await order(seed, "MUG", { flow: "ESCROW" });
  // Refused by the wallet's risk checks (FAILED); too low a balance, and the customer gave up (CLOSED).
  await order(seed, "TEA", { persona: "risk", atCashier: "nothing" });
  await order(seed, "TEA", { persona: "low_balance", atCashier: "cancel" });
  // The wallet answers `pay` with U; reconciliation finds it waiting at the cashier, the customer pays.
  await seed.sandbox("POST", "/sandbox/faults", { operation: "pay", outcome: "U", count: 1 });
  const unknown = await order(seed, "COFFEE", { atCashier: "nothing" });
  await reconcileOrder(seed.ctx, unknown, SETTLE);
  const paymentId = (await seed.ctx.prisma.order.findUniqueOrThrow({ where: { id: unknown } })).paymentId;
  if (paymentId) await seed.sandbox("POST", `/sandbox/cashier/${encodeURIComponent(paymentId)}/pay`);
  await reconcileOrder(seed.ctx, unknown, SETTLE);
}

/** Today's open work: a refund waiting for approval, one in flight, an unknown payment flagged. */
async function openWork(seed: Seeder) {
  const cashier = await createOperator(seed.ctx, undefined, {
    email: `cashier-${crypto.randomUUID().slice(0, 8)}@history.example`,
    name: "Demo cashier",
    role: "SUPPORT",
    password: crypto.randomUUID(),
  });
  const asked = await order(seed, "DATES");
  await refundOrAskApproval(seed.ctx, asked, {
    amountFils: await amountOf(seed, asked),
    reason: "The whole box came back",
    // A limit of one fils: the request waits for a second operator, as four eyes would have it.
    operator: { id: cashier.id, refundLimits: { perRefundFils: 1n, perDayFils: null } },
    audit: async () => undefined,
  });
  const slow = await order(seed, "MUG");
  await seed.sandbox("POST", "/sandbox/settings", { refundDelaySeconds: 6 * 3600 });
  await refund(seed, slow, 5_000_000n);
  await seed.sandbox("POST", "/sandbox/settings", { refundDelaySeconds: 0 });
  await seed.sandbox("POST", "/sandbox/faults", { operation: "pay", outcome: "U", count: 1 });
  const stuck = await order(seed, "KLEICHA", { atCashier: "nothing" });
  await flagOrder(
    seed.ctx.prisma,
    stuck,
    { kind: "PAYMENT_UNSETTLED", afterMs: DAY_MS },
    { actor: "worker:reconcile" },
  );
}

/**
 * Moves every time of the orders `ids` (and of their rows in other tables) back by `byMs`.
 * The outbox is left at the time the events were written: its month is part of each event's key,
 * shared with the deliveries the events worker may already have made for it (a running `npm run
 * dev`), so moving an event would be refused by their foreign keys. Events of seeded orders show the
 * day the history was seeded.
 */
async function moveBack(ctx: ServiceContext, ids: string[], byMs: number) {
  const columns = await ctx.prisma.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND data_type = 'timestamp with time zone'
       AND table_name IN ('orders', 'order_events', 'wallet_calls', 'refunds', 'refund_requests',
                          'escrow_operations', 'notifications', 'audit_entries')`;
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  for (const [table, names] of byTable) {
    // Names from the catalog of our own schema, never input.
    const sets = names.map((name) => `"${name}" = "${name}" - $1::interval`).join(", ");
    const key = table === "orders" ? "id" : "order_id";
    await ctx.prisma.$executeRawUnsafe(
      `UPDATE "${table}" SET ${sets} WHERE "${key}" = ANY($2::text[])`,
      `${byMs} milliseconds`,
      ids,
    );
  }
  // A notification's dedupe key names it by (id, received_at): the key follows the row it names.
  await ctx.prisma.$executeRaw`
    UPDATE notification_dedupe_keys k SET received_at = n.received_at
    FROM notifications n
    WHERE n.order_id = ANY(${ids}::text[]) AND k.dedupe_key = n.dedupe_key AND k.notification_id = n.id`;
}

export async function seedHistory(ctx: ServiceContext, options: HistoryOptions): Promise<{ orders: number }> {
  const seeded = await ctx.prisma.order.count({ where: { idempotencyKey: { startsWith: KEY_PREFIX } } });
  if (seeded > 0) {
    throw new HistorySeededAlready(
      `this database has a seeded history already (${seeded} orders): seed a fresh database instead`,
    );
  }
  const sandbox = controlApi(options.sandboxUrl);
  const clock = await sandbox<{ now: string }>("GET", "/sandbox/clock");
  const now = new Date(clock.now).getTime();
  await sandbox("POST", "/sandbox/settings", { refundDelaySeconds: 0 });
  let total = 0;
  for (let daysAgo = options.days; daysAgo >= 1; daysAgo--) {
    const seed: Seeder = { ctx, sandbox, clientId: options.clientId, made: [] };
    await ordinaryDay(seed);
    await moveBack(ctx, seed.made, daysAgo * DAY_MS);
    total += seed.made.length;
    options.log?.(`day −${daysAgo}: ${seed.made.length} orders`);
  }
  const today: Seeder = { ctx, sandbox, clientId: options.clientId, made: [] };
  await openWork(today);
  total += today.made.length;
  options.log?.(
    `today (${new Date(now).toISOString().slice(0, 10)}): ${today.made.length} orders with open work`,
  );
  return { orders: total };
}
