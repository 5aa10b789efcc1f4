// Intake of the wallet's notifications (after stripe-node's Webhooks): verify the signature
// over the raw body text and the time window, persist the raw body under a unique dedupe key, apply
// it idempotently, then acknowledge. A forged or tampered notification changes nothing and is only
// counted (record-rejection.ts).

import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Notification, NotificationKind, NotificationStatus } from "@/lib/platform/db";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { recordMetric } from "@/lib/platform/observability/metrics";
import { findUnstorable, storableText } from "@/lib/platform/validation/storable-text";
import { verifySignedMessage } from "@/lib/wallet/signature";
import {
  type ApplyOptions,
  type ApplyResult,
  applyPaymentNotification,
  applyRefundNotification,
  applyVoidNotification,
} from "./apply-notification";
import {
  ACKNOWLEDGEMENT,
  dedupeKeyOf,
  NOTIFICATION_BODIES,
  NOTIFICATION_REFUSALS,
  type NotificationRefusalCode,
} from "./notification-bodies";
import {
  findSeenNotification,
  insertNotification,
  markNotificationProcessed,
  type NotificationRef,
  type StoredNotification,
} from "./notification-rows";
import { recordUnverifiedNotification, sampleHeaders } from "./record-rejection";

export interface InboundNotification {
  kind: NotificationKind;
  /** The path the wallet posted to: part of the signed content. */
  path: string;
  rawBody: string;
  headers: Headers;
  /** Who posted it, as the route boundary sees it: forged attempts are counted per address. */
  sourceAddress?: string;
  /** Runs before a notification that failed verification is recorded; throws to refuse it unheard. */
  beforeRecordingRejection?: () => Promise<void>;
}

export interface NotificationAnswer {
  httpStatus: number;
  body: unknown;
}

function refusal(code: NotificationRefusalCode, message: string): NotificationAnswer {
  return {
    httpStatus: NOTIFICATION_REFUSALS[code],
    body: { result: { resultCode: code, resultStatus: "F", resultMessage: message } },
  };
}

const ACK: NotificationAnswer = { httpStatus: 200, body: ACKNOWLEDGEMENT };

/** The body read against its kind's schema; text PostgreSQL cannot store counts as malformed. */
function parseNotificationBody(kind: NotificationKind, rawBody: string) {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { success: false as const, error: "body is not JSON" };
  }
  const unstorable = findUnstorable(json);
  if (unstorable) return { success: false as const, error: `${unstorable.path}: ${unstorable.reason}` };
  const parsed = NOTIFICATION_BODIES[kind].safeParse(json);
  if (!parsed.success) {
    const error = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    return { success: false as const, error };
  }
  return { success: true as const, data: parsed.data };
}

export async function receiveNotification(
  ctx: ServiceContext,
  inbound: InboundNotification,
): Promise<NotificationAnswer> {
  const verdict = verify(ctx, inbound);
  if (!verdict.ok) {
    recordMetric((metrics) => metrics.notificationVerificationFailures.inc({ reason: verdict.reason }));
    await inbound.beforeRecordingRejection?.();
    await recordUnverifiedNotification(ctx, {
      kind: inbound.kind,
      reason: verdict.reason,
      sourceAddress: inbound.sourceAddress ?? "unknown",
      rawBody: inbound.rawBody,
      headers: inbound.headers,
    });
    ctx.logger.warn(
      { kind: inbound.kind, reason: verdict.reason, source: inbound.sourceAddress, security: true },
      "notification failed verification",
    );
    return refusal("INVALID_SIGNATURE", "signature verification failed");
  }

  const parsed = parseNotificationBody(inbound.kind, inbound.rawBody);
  if (!parsed.success) {
    // Signed by the wallet, so worth keeping whole for whoever looks into it.
    await record(ctx, inbound, `rejected:${newRowId()}`, { status: "REJECTED", error: parsed.error });
    return refusal("PARAM_ILLEGAL", "notification body is malformed");
  }

  const dedupeKey = dedupeKeyOf(inbound.kind, parsed.data);
  let notification: NotificationRef | null = await record(ctx, inbound, dedupeKey, { status: "RECEIVED" });
  if (!notification) {
    // Seen before, in any month, even one retention has dropped. Done work is acknowledged again; an
    // earlier delivery that never finished (crash, concurrent delivery) is applied now — applying is
    // idempotent.
    const seen = await findSeenNotification(ctx.prisma, dedupeKey);
    if (seen.status === "APPLIED" || seen.status === "IGNORED") return ACK;
    if (seen.status === "REJECTED") return refusal("REJECTED", seen.error ?? "rejected");
    notification = seen;
  }

  const result = await applyAndRecord(ctx, notification, inbound.kind, parsed.data);
  if (result.status === "REJECTED") {
    ctx.logger.warn(
      { kind: inbound.kind, orderId: result.orderId, error: result.error },
      "notification rejected",
    );
    return refusal("REJECTED", result.error);
  }
  return ACK;
}

function verify(ctx: ServiceContext, inbound: InboundNotification) {
  if (!ctx.walletPublicKey) return { ok: false as const, reason: "NO_WALLET_PUBLIC_KEY" };
  const clientId = inbound.headers.get("client-id");
  if (clientId !== ctx.clientId) return { ok: false as const, reason: "WRONG_CLIENT_ID" };
  return verifySignedMessage(
    {
      method: "POST",
      path: inbound.path,
      clientId,
      time: inbound.headers.get("request-time") ?? "",
      body: inbound.rawBody,
      signatureHeader: inbound.headers.get("signature"),
    },
    ctx.walletPublicKey,
    // Freshness is about the wall clock both sides sign with, not the business clock in ctx.now().
    { now: new Date() },
  );
}

/** Inserts a verified notification; null when its dedupe key exists already. */
function record(
  ctx: ServiceContext,
  inbound: InboundNotification,
  dedupeKey: string,
  fields: { status: NotificationStatus; error?: string },
): Promise<StoredNotification | null> {
  return insertNotification(ctx.prisma, {
    kind: inbound.kind,
    dedupeKey,
    // The exact text, except that a NUL (which PostgreSQL cannot store) is written as \u0000.
    rawBody: storableText(inbound.rawBody),
    headers: sampleHeaders(inbound.headers),
    ...fields,
  });
}

async function applyAndRecord(
  ctx: ServiceContext,
  notification: NotificationRef,
  kind: NotificationKind,
  body: unknown,
): Promise<ApplyResult> {
  const result = await applyByKind(ctx, kind, body);
  await markNotificationProcessed(ctx.prisma, notification, {
    status: result.status,
    orderId: result.orderId ?? null,
    error: result.status === "REJECTED" ? result.error : (result.note ?? null),
    processedAt: ctx.now(),
  });
  return result;
}

/**
 * Applies a verified notification that was stored but never applied (a crash between the insert and
 * the apply leaves it RECEIVED): the notifications worker's job. Idempotent, like the inline path.
 */
export async function applyStoredNotification(
  ctx: ServiceContext,
  notificationId: string,
): Promise<ApplyResult | { status: "NOTHING_TO_DO" }> {
  // By id alone, so every month's primary key is probed: a rare path (a crash left it unapplied).
  const notification = await ctx.prisma.notification.findFirst({ where: { id: notificationId } });
  if (notification?.status !== "RECEIVED" || !notification.verified) return { status: "NOTHING_TO_DO" };
  return applyStored(ctx, notification);
}

/**
 * Applies a stored, verified notification again whatever became of it (an operator's "re-apply"),
 * as a new attempt: the notification keeps what became of it when it arrived, and this attempt is
 * written on the order's timeline, under the operator's name — as is any flag it raises.
 */
export async function reapplyNotification(
  ctx: ServiceContext,
  notificationId: string,
  actor: string,
): Promise<ApplyResult | { status: "NOTHING_TO_DO" }> {
  const notification = await ctx.prisma.notification.findFirst({ where: { id: notificationId } });
  if (!notification?.verified) return { status: "NOTHING_TO_DO" };
  const parsed = parseNotificationBody(notification.kind, notification.rawBody);
  if (!parsed.success) return { status: "REJECTED", error: "stored body is malformed" };
  const result = await applyByKind(ctx, notification.kind, parsed.data, { actor });
  const orderId = result.orderId ?? notification.orderId;
  if (orderId) {
    await ctx.prisma.orderEvent.create({
      data: {
        orderId,
        type: "NOTIFICATION_REAPPLIED",
        actor,
        detail: { notificationId, kind: notification.kind, result: result.status, note: noteOf(result) },
      },
    });
  }
  return result;
}

function noteOf(result: ApplyResult): string | null {
  return result.status === "REJECTED" ? result.error : (result.note ?? null);
}

async function applyStored(ctx: ServiceContext, notification: Notification): Promise<ApplyResult> {
  const parsed = parseNotificationBody(notification.kind, notification.rawBody);
  if (!parsed.success) {
    await ctx.prisma.notification.update({
      where: { id_receivedAt: { id: notification.id, receivedAt: notification.receivedAt } },
      data: { status: "REJECTED", error: "stored body is malformed", processedAt: ctx.now() },
    });
    return { status: "REJECTED" as const, error: "stored body is malformed" };
  }
  return applyAndRecord(ctx, notification, notification.kind, parsed.data);
}

function applyByKind(
  ctx: ServiceContext,
  kind: NotificationKind,
  body: unknown,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  switch (kind) {
    case "PAYMENT":
      return applyPaymentNotification(ctx, body as Parameters<typeof applyPaymentNotification>[1], options);
    case "VOID":
      return applyVoidNotification(ctx, body as Parameters<typeof applyVoidNotification>[1], options);
    case "REFUND":
      return applyRefundNotification(ctx, body as Parameters<typeof applyRefundNotification>[1], options);
  }
}
