// The queries behind the repeating scans (workers/schedules.ts): which rows need a worker now. Each is
// one statement on an index, so a scan with nothing to do costs one query per kind of work.
//
// Reconciliation rows are *claimed*: their next-check time moves to `leaseUntil` in the same
// statement, so the next batch (or a scan in another process) does not return them again while
// their job waits in the queue. If the job is lost (Redis lost its data) or fails for good, the claim
// lapses and a later scan picks the row up again; a processor that ran moves the time to its own
// backoff. SKIP LOCKED keeps concurrent scans from waiting on each other.

import { PUSH_UNSETTLED_STATUSES } from "@/lib/customers/push/push-state";
import { AWAITING_CHECK_STATUSES } from "@/lib/payments/escrow/escrow-operation-state";
import { UNSETTLED_ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { statusListSql } from "@/lib/platform/state/status-list-sql";

export interface ClaimWindow {
  now: Date;
  leaseUntil: Date;
  limit: number;
}

type Ids = { id: string }[];

// The status sets, from the state modules that own them.
const UNSETTLED_ORDERS = statusListSql(UNSETTLED_ORDER_STATUSES);
const REFUNDS_IN_FLIGHT = statusListSql(REFUND_IN_FLIGHT_STATUSES);
const OPERATIONS_AWAITING_CHECK = statusListSql(AWAITING_CHECK_STATUSES);
const PUSHES_UNSETTLED = statusListSql(PUSH_UNSETTLED_STATUSES);

/** Payments we have no settled answer for: CREATED (crash before the answer), UNKNOWN (U), PENDING. */
export async function claimDueOrders(ctx: ServiceContext, window: ClaimWindow): Promise<string[]> {
  const rows = await ctx.prisma.$queryRaw<Ids>`
    UPDATE orders SET next_reconcile_at = ${window.leaseUntil}
    WHERE id IN (
      SELECT id FROM orders
      WHERE status IN (${UNSETTLED_ORDERS}) AND next_reconcile_at <= ${window.now}
      ORDER BY next_reconcile_at
      LIMIT ${window.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((row) => row.id);
}

/**
 * Refunds not final: CREATED and UNKNOWN when due, PROCESSING once their polling minute is over (the
 * refund poll owns the minute after the wallet said REFUND_IN_PROCESS).
 */
export async function claimDueRefunds(
  ctx: ServiceContext,
  window: ClaimWindow & { pollWindowStart: Date },
): Promise<string[]> {
  const rows = await ctx.prisma.$queryRaw<Ids>`
    UPDATE refunds SET next_check_at = ${window.leaseUntil}
    WHERE id IN (
      SELECT id FROM refunds
      WHERE status IN (${REFUNDS_IN_FLIGHT}) AND next_check_at <= ${window.now}
        AND NOT (status = 'PROCESSING' AND poll_started_at IS NOT NULL
                 AND poll_started_at > ${window.pollWindowStart})
      ORDER BY next_check_at
      LIMIT ${window.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((row) => row.id);
}

/**
 * Escrow operations in UNKNOWN (U) or RETRY (MUTEX_OPERATION_IN_PROCESSING) when due, and ones left
 * CREATED for over a minute (a crash between our insert and the wallet's answer).
 */
export async function claimDueEscrowOperations(ctx: ServiceContext, window: ClaimWindow): Promise<string[]> {
  const createdBefore = new Date(window.now.getTime() - 60_000);
  const rows = await ctx.prisma.$queryRaw<Ids>`
    UPDATE escrow_operations SET next_check_at = ${window.leaseUntil}
    WHERE id IN (
      SELECT id FROM escrow_operations
      WHERE (status IN (${OPERATIONS_AWAITING_CHECK}) AND next_check_at <= ${window.now})
         OR (status = 'CREATED' AND (next_check_at <= ${window.now}
             OR (next_check_at IS NULL AND created_at <= ${createdBefore})))
      ORDER BY created_at
      LIMIT ${window.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((row) => row.id);
}

/**
 * Push messages whose sendPush answered U (or never answered), younger than a day — a push is news,
 * not worth sending late. They are re-sent with their stored requestId, which the wallet deduplicates.
 */
export async function claimDuePushes(
  ctx: ServiceContext,
  window: ClaimWindow & { retryAfterMs: number },
): Promise<string[]> {
  const untouchedSince = new Date(window.now.getTime() - window.retryAfterMs);
  const youngerThan = new Date(window.now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await ctx.prisma.$queryRaw<Ids>`
    UPDATE push_messages SET updated_at = ${window.now}
    WHERE id IN (
      SELECT id FROM push_messages
      WHERE status IN (${PUSHES_UNSETTLED}) AND updated_at <= ${untouchedSince}
        AND created_at > ${youngerThan}
      ORDER BY updated_at
      LIMIT ${window.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((row) => row.id);
}

/** Customers whose access token expires within `aheadMs` (and who have not to authorize again). */
export async function findExpiringTokens(
  ctx: ServiceContext,
  options: { now: Date; aheadMs: number; limit: number },
): Promise<string[]> {
  const until = new Date(options.now.getTime() + options.aheadMs);
  const rows = await ctx.prisma.$queryRaw<{ customer_id: string }[]>`
    SELECT t.customer_id FROM wallet_tokens t
    JOIN customers c ON c.id = t.customer_id
    WHERE t.access_token_expires_at <= ${until} AND NOT c.needs_reauthorization
    ORDER BY t.access_token_expires_at
    LIMIT ${options.limit}`;
  return rows.map((row) => row.customer_id);
}

/** Verified notifications stored but not applied for over a minute (inline apply did not finish). */
export async function findStuckNotifications(
  ctx: ServiceContext,
  options: { now: Date; limit: number },
): Promise<string[]> {
  const before = new Date(options.now.getTime() - 60_000);
  const after = new Date(options.now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await ctx.prisma.$queryRaw<Ids>`
    SELECT id FROM notifications
    WHERE status = 'RECEIVED' AND verified AND received_at <= ${before} AND received_at > ${after}
    ORDER BY received_at
    LIMIT ${options.limit}`;
  return rows.map((row) => row.id);
}

/** Open orders past their payment expiry (plus a grace for the wallet's clock), not yet checked. */
export async function findExpiredOrders(
  ctx: ServiceContext,
  options: { now: Date; graceMs: number; limit: number },
): Promise<string[]> {
  const expiredBefore = new Date(options.now.getTime() - options.graceMs);
  const rows = await ctx.prisma.$queryRaw<Ids>`
    SELECT id FROM orders
    WHERE status IN (${UNSETTLED_ORDERS}) AND payment_expires_at <= ${expiredBefore}
      AND expiry_checked_at IS NULL
    ORDER BY payment_expires_at
    LIMIT ${options.limit}`;
  return rows.map((row) => row.id);
}
