// Writes the outcome of a batch of attempts in three statements whatever the batch's size: the
// deliveries (delivered, retried later per the retry schedule, or dead), the attempt log, and the
// webhook endpoints' run of failures (an endpoint failing for WEBHOOK_DISABLE_AFTER is disabled).

import type { AttemptRecord } from "@/lib/events/webhooks/send-webhook";
import type { PrismaClient } from "@/lib/platform/db";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { describeFailure } from "@/lib/platform/outbound/failures";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import {
  afterFailure,
  HOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_DELAYS_MS,
} from "@/lib/platform/queue/retry-schedule";
import type { ClaimedDelivery } from "./claim-deliveries";

export interface AttemptOutcome {
  delivery: ClaimedDelivery;
  attempt: AttemptRecord;
  /** No later try can succeed (the hook or endpoint is gone): dead at once. */
  giveUp?: boolean;
}

export interface SettleOptions {
  hookDelaysMs?: readonly number[];
  webhookDelaysMs?: readonly number[];
  /** A webhook endpoint failing without a success for this long is disabled. */
  webhookDisableAfterMs: number;
}

export interface Settled {
  delivered: number;
  retried: number;
  dead: number;
  disabledEndpoints: string[];
}

export async function settleDeliveries(
  prisma: PrismaClient,
  outcomes: readonly AttemptOutcome[],
  options: SettleOptions,
): Promise<Settled> {
  if (outcomes.length === 0) return { delivered: 0, retried: 0, dead: 0, disabledEndpoints: [] };
  const plans = outcomes.map(({ delivery, attempt, giveUp }) => {
    const key = { id: delivery.id, occurredAt: delivery.event.occurredAt };
    if (attempt.ok) return { ...key, status: "DELIVERED", retryInMs: 0, error: null, failure: null };
    const failed = { ...key, error: errorOf(attempt), failure: attempt.failure };
    if (giveUp) return { ...failed, status: "DEAD", retryInMs: 0 };
    const delays =
      delivery.targetKind === "HOOK"
        ? (options.hookDelaysMs ?? HOOK_RETRY_DELAYS_MS)
        : (options.webhookDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS);
    const next = afterFailure(delays, delivery.attempt);
    return next.dead
      ? { ...failed, status: "DEAD", retryInMs: 0 }
      : { ...failed, status: "PENDING", retryInMs: next.retryInMs };
  });

  const disabled = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE event_deliveries d
      SET status = plan.status::delivery_status,
          delivered_at = CASE WHEN plan.status = 'DELIVERED' THEN now() END,
          next_attempt_at = now() + plan.retry_ms * interval '1 millisecond',
          lease_until = NULL, last_error = plan.error, last_failure = plan.failure::outbound_failure,
          updated_at = now()
      FROM unnest(${plans.map((plan) => plan.id)}::text[], ${plans.map((plan) => plan.occurredAt)}::timestamptz[],
                  ${plans.map((plan) => plan.status)}::text[],
                  ${plans.map((plan) => plan.retryInMs)}::int[], ${plans.map((plan) => plan.error)}::text[],
                  ${plans.map((plan) => plan.failure)}::text[])
           AS plan (id, occurred_at, status, retry_ms, error, failure)
      WHERE d.id = plan.id AND d.event_occurred_at = plan.occurred_at AND d.status = 'PENDING'`;
    await tx.$executeRaw`
      INSERT INTO delivery_attempts
        (id, delivery_id, event_occurred_at, attempt, ok, status_code, latency_ms, request, response, failure)
      SELECT id, delivery_id, event_occurred_at, attempt, ok, status_code, latency_ms, request, response,
             failure::outbound_failure
      FROM unnest(
        ${outcomes.map(() => newRowId())}::text[], ${outcomes.map((o) => o.delivery.id)}::text[],
        ${outcomes.map((o) => o.delivery.event.occurredAt)}::timestamptz[],
        ${outcomes.map((o) => o.delivery.attempt)}::int[], ${outcomes.map((o) => o.attempt.ok)}::boolean[],
        ${outcomes.map((o) => o.attempt.statusCode)}::int[], ${outcomes.map((o) => o.attempt.latencyMs)}::int[],
        ${outcomes.map((o) => (o.attempt.request ? JSON.stringify(o.attempt.request) : null))}::jsonb[],
        ${outcomes.map((o) => o.attempt.response)}::text[], ${outcomes.map((o) => o.attempt.failure)}::text[])
        AS attempt (id, delivery_id, event_occurred_at, attempt, ok, status_code, latency_ms, request, response, failure)`;
    await announceDead(tx, outcomes, plans);
    return trackEndpoints(tx, outcomes, options.webhookDisableAfterMs);
  }, SETTLE_TRANSACTION);
  return {
    delivered: plans.filter((plan) => plan.status === "DELIVERED").length,
    retried: plans.filter((plan) => plan.status === "PENDING").length,
    dead: plans.filter((plan) => plan.status === "DEAD").length,
    disabledEndpoints: disabled,
  };
}

/** A failed attempt in one line: a hook's own message, or a webhook's classification in fixed words. */
function errorOf(attempt: AttemptRecord): string | null {
  if (attempt.failure) return describeFailure(attempt.failure, attempt.statusCode);
  return attempt.response;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * The batch's hooks have run by now, still holding the pool's connections with their own queries; the
 * default 2 s wait for one would fail the settle, and every delivery of the batch would run again
 * once its lease passed. Recording what already happened is worth a longer wait.
 */
const SETTLE_TRANSACTION = { maxWait: 15_000, timeout: 30_000 };

/**
 * `delivery.dead` for each delivery that gave up, in the same transaction, so alerts can tell a
 * person. Not for deliveries of `delivery.dead` itself: a dead alert must not breed another.
 */
async function announceDead(
  tx: Tx,
  outcomes: readonly AttemptOutcome[],
  plans: readonly { id: string; status: string; error: string | null }[],
) {
  for (const [index, plan] of plans.entries()) {
    const delivery = outcomes[index]?.delivery;
    if (plan.status !== "DEAD" || !delivery || delivery.event.type === "delivery.dead") continue;
    await writeEvent(tx, {
      type: "delivery.dead",
      orderId: delivery.event.orderId,
      data: {
        deliveryId: delivery.id,
        eventId: delivery.event.id,
        eventType: delivery.event.type,
        targetKind: delivery.targetKind,
        target: delivery.target,
        attempts: delivery.attempt,
        lastError: plan.error,
      },
    });
  }
}

/** An endpoint's run of failures starts at its first failure and ends at its next success. */
async function trackEndpoints(tx: Tx, outcomes: readonly AttemptOutcome[], disableAfterMs: number) {
  const answered = new Map<string, boolean>();
  for (const { delivery, attempt } of outcomes) {
    if (delivery.targetKind !== "WEBHOOK") continue;
    answered.set(delivery.target, (answered.get(delivery.target) ?? false) || attempt.ok);
  }
  if (answered.size === 0) return [];
  const ids = [...answered.keys()];
  const ok = ids.map((id) => answered.get(id) === true);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH batch AS (SELECT * FROM unnest(${ids}::text[], ${ok}::boolean[]) AS b (id, ok)),
    before AS (SELECT w.id, w.enabled FROM webhook_endpoints w JOIN batch ON batch.id = w.id),
    updated AS (
      UPDATE webhook_endpoints w
      SET failing_since = CASE WHEN batch.ok THEN NULL ELSE coalesce(w.failing_since, now()) END,
          enabled = CASE WHEN NOT batch.ok AND w.failing_since < now() - ${disableAfterMs}::bigint * interval '1 millisecond'
                         THEN false ELSE w.enabled END,
          disabled_reason = CASE WHEN NOT batch.ok AND w.enabled
                                  AND w.failing_since < now() - ${disableAfterMs}::bigint * interval '1 millisecond'
                                 THEN 'failing since ' || to_char(w.failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'
                                 ELSE w.disabled_reason END,
          updated_at = now()
      FROM batch WHERE w.id = batch.id
      RETURNING w.id, w.enabled
    )
    SELECT updated.id FROM updated JOIN before ON before.id = updated.id
    WHERE before.enabled AND NOT updated.enabled`;
  return rows.map((row) => row.id);
}
