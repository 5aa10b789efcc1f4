// One order's whole story, newest last: its status changes and every event the services wrote
// (refunds, escrow operations, flags), every wallet call with its request and answer (redacted when
// recorded) and latency, every notification about it (verified or not), the operators' audit entries,
// and the jobs still to run for it. Each source is read on its (order_id, created_at) index.

import { IN_FLIGHT_STATUSES } from "@/lib/payments/escrow/escrow-operation-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation, Refund } from "@/lib/platform/db";
import type { JobQueue, PendingJob } from "@/lib/platform/queue/definitions";

export type TimelineKind =
  | "status"
  | "refund"
  | "escrow"
  | "attention"
  | "wallet"
  | "notification"
  | "audit"
  | "job";

export interface TimelineEntry {
  at: Date;
  kind: TimelineKind;
  /** What happened, as a stable code the pages translate (event type, wallet operation, action). */
  title: string;
  actor?: string | undefined;
  fromStatus?: string | null | undefined;
  toStatus?: string | null | undefined;
  detail?: unknown;
}

/** Per source: an order with a long reconciliation history still loads in one go. */
const MAX_PER_SOURCE = 200;

function kindOfEvent(type: string): TimelineKind {
  if (type.startsWith("REFUND_")) return "refund";
  if (/^(ACCEPT|CONFIRM|CANCEL|VOID)_/.test(type)) return "escrow";
  if (type.startsWith("ATTENTION_")) return "attention";
  return "status";
}

export async function orderTimeline(ctx: ServiceContext, orderId: string): Promise<TimelineEntry[]> {
  const recent = { orderBy: { createdAt: "desc" as const }, take: MAX_PER_SOURCE };
  const [events, calls, notifications, audits, refunds, operations] = await Promise.all([
    ctx.prisma.orderEvent.findMany({ where: { orderId }, ...recent }),
    ctx.prisma.walletCall.findMany({ where: { orderId }, ...recent }),
    ctx.prisma.notification.findMany({
      where: { orderId },
      orderBy: { receivedAt: "desc" },
      take: MAX_PER_SOURCE,
    }),
    ctx.prisma.auditEntry.findMany({ where: { orderId }, ...recent }),
    ctx.prisma.refund.findMany({ where: { orderId }, select: { id: true, status: true } }),
    ctx.prisma.escrowOperation.findMany({ where: { orderId }, select: { id: true, status: true } }),
  ]);
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({
      at: event.createdAt,
      kind: kindOfEvent(event.type),
      title: event.type,
      actor: event.actor,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      detail: event.detail,
    })),
    ...calls.map((call) => ({
      at: call.createdAt,
      kind: "wallet" as const,
      title: call.operation,
      detail: {
        path: call.path,
        requestKey: call.requestKey,
        outcome: call.outcome,
        resultCode: call.resultCode,
        httpStatus: call.httpStatus,
        durationMs: call.durationMs,
        errorKind: call.errorKind,
        request: call.requestBody,
        response: call.responseBody,
      },
    })),
    ...notifications.map((notification) => ({
      at: notification.receivedAt,
      kind: "notification" as const,
      title: notification.kind,
      detail: {
        id: notification.id,
        verified: notification.verified,
        status: notification.status,
        dedupeKey: notification.dedupeKey,
        error: notification.error,
        body: notification.rawBody.slice(0, 4_000),
      },
    })),
    ...audits.map((audit) => ({
      at: audit.createdAt,
      kind: "audit" as const,
      title: audit.action,
      // By id, as every other entry names an operator: the page shows their name, not an address.
      actor: `operator:${audit.operatorId}`,
      detail: {
        operatorEmail: audit.operatorEmail,
        before: audit.before,
        after: audit.after,
        walletResult: audit.walletResult,
      },
    })),
    ...(await pendingJobs(ctx.jobs, orderId, refunds, operations)).map((job) => ({
      at: job.runsAt ?? job.enqueuedAt,
      kind: "job" as const,
      title: job.queue,
      detail: job,
    })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The jobs still to run for the order and its refunds and escrow operations. */
async function pendingJobs(
  jobs: JobQueue,
  orderId: string,
  refunds: Pick<Refund, "id" | "status">[],
  operations: Pick<EscrowOperation, "id" | "status">[],
): Promise<PendingJob[]> {
  const pending = jobs.pending?.bind(jobs);
  if (!pending) return [];
  const lookups: Promise<PendingJob | undefined>[] = [
    pending("reconcile", { kind: "order", id: orderId }),
    pending("expiry", { orderId }),
    ...refunds
      .filter((refund) => REFUND_IN_FLIGHT_STATUSES.includes(refund.status))
      .map((refund) => pending("reconcile", { kind: "refund", id: refund.id })),
    ...operations
      .filter((operation) => IN_FLIGHT_STATUSES.includes(operation.status))
      .map((operation) => pending("reconcile", { kind: "escrow-operation", id: operation.id })),
  ];
  try {
    return (await Promise.all(lookups)).filter((job): job is PendingJob => job !== undefined);
  } catch {
    // Redis down: the timeline is still worth showing without its jobs.
    return [];
  }
}
