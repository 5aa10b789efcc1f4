// Intake of the wallet's notifications (STYLE.md, after stripe-node's Webhooks): verify the signature
// over the raw body text and the time window, persist the raw body under a unique dedupe key, apply
// it idempotently, then acknowledge. A forged or tampered notification changes nothing.
import { v7 as uuidv7 } from "uuid";
import type { Notification, NotificationKind, Prisma } from "@/lib/db";
import type { ServiceContext } from "@/lib/services/context";
import { verifySignedMessage } from "@/lib/wallet/signature";
import {
  type ApplyResult,
  applyPaymentNotification,
  applyRefundNotification,
  applyVoidNotification,
} from "./apply-notification";
import { ACKNOWLEDGEMENT, dedupeKeyOf, NOTIFICATION_BODIES } from "./notification-bodies";

export interface InboundNotification {
  kind: NotificationKind;
  /** The path the wallet posted to: part of the signed content. */
  path: string;
  rawBody: string;
  headers: Headers;
}

export interface NotificationAnswer {
  httpStatus: number;
  body: unknown;
}

function refusal(httpStatus: number, code: string, message: string): NotificationAnswer {
  return { httpStatus, body: { result: { resultCode: code, resultStatus: "F", resultMessage: message } } };
}

const ACK: NotificationAnswer = { httpStatus: 200, body: ACKNOWLEDGEMENT };

function keptHeaders(headers: Headers): Prisma.InputJsonValue {
  const kept: Record<string, string> = {};
  for (const name of ["content-type", "client-id", "request-time", "signature"]) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

export async function receiveNotification(
  ctx: ServiceContext,
  inbound: InboundNotification,
): Promise<NotificationAnswer> {
  const verdict = verify(ctx, inbound);
  if (!verdict.ok) {
    await record(ctx, inbound, `rejected:${uuidv7()}`, {
      verified: false,
      status: "REJECTED",
      verifyError: verdict.reason,
    });
    ctx.logger.warn(
      { kind: inbound.kind, reason: verdict.reason, security: true },
      "notification failed verification",
    );
    return refusal(401, "INVALID_SIGNATURE", "signature verification failed");
  }

  let json: unknown;
  try {
    json = JSON.parse(inbound.rawBody);
  } catch {
    json = undefined;
  }
  const parsed = NOTIFICATION_BODIES[inbound.kind].safeParse(json);
  if (!parsed.success) {
    await record(ctx, inbound, `rejected:${uuidv7()}`, {
      verified: true,
      status: "REJECTED",
      error: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
    });
    return refusal(400, "PARAM_ILLEGAL", "notification body is malformed");
  }

  const dedupeKey = dedupeKeyOf(inbound.kind, parsed.data);
  let notification = await record(ctx, inbound, dedupeKey, { verified: true, status: "RECEIVED" });
  if (!notification) {
    // Seen before. Done work is acknowledged again; an earlier delivery that never finished (crash,
    // concurrent delivery) is applied now — applying is idempotent.
    notification = await ctx.prisma.notification.findUniqueOrThrow({ where: { dedupeKey } });
    if (notification.status === "APPLIED" || notification.status === "IGNORED") return ACK;
    if (notification.status === "REJECTED") return refusal(422, "REJECTED", notification.error ?? "rejected");
  }

  const result = await applyAndRecord(ctx, notification.id, inbound.kind, parsed.data);
  if (result.status === "REJECTED") {
    ctx.logger.warn(
      { kind: inbound.kind, orderId: result.orderId, error: result.error },
      "notification rejected",
    );
    return refusal(422, "REJECTED", result.error);
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

/** Inserts the notification; null when its dedupe key exists already. */
async function record(
  ctx: ServiceContext,
  inbound: InboundNotification,
  dedupeKey: string,
  fields: Pick<Notification, "verified" | "status"> & { verifyError?: string; error?: string },
): Promise<Notification | null> {
  try {
    return await ctx.prisma.notification.create({
      data: {
        kind: inbound.kind,
        dedupeKey,
        // Unauthenticated posts keep only a prefix: anyone can send them, nobody may fill the table.
        rawBody: inbound.rawBody.slice(0, fields.verified ? 100_000 : 2_048),
        headers: keptHeaders(inbound.headers),
        ...fields,
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
}

async function applyAndRecord(
  ctx: ServiceContext,
  notificationId: string,
  kind: NotificationKind,
  body: unknown,
): Promise<ApplyResult> {
  const result = await applyByKind(ctx, kind, body);
  await ctx.prisma.notification.update({
    where: { id: notificationId },
    data: {
      status: result.status,
      orderId: result.orderId ?? null,
      error: result.status === "REJECTED" ? result.error : (result.note ?? null),
      processedAt: ctx.now(),
    },
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
  const notification = await ctx.prisma.notification.findUnique({ where: { id: notificationId } });
  if (notification?.status !== "RECEIVED" || !notification.verified) return { status: "NOTHING_TO_DO" };
  let json: unknown;
  try {
    json = JSON.parse(notification.rawBody);
  } catch {
    json = undefined;
  }
  const parsed = NOTIFICATION_BODIES[notification.kind].safeParse(json);
  if (!parsed.success) {
    await ctx.prisma.notification.update({
      where: { id: notification.id },
      data: { status: "REJECTED", error: "stored body is malformed", processedAt: ctx.now() },
    });
    return { status: "REJECTED", error: "stored body is malformed" };
  }
  return applyAndRecord(ctx, notification.id, notification.kind, parsed.data);
}

function applyByKind(ctx: ServiceContext, kind: NotificationKind, body: unknown): Promise<ApplyResult> {
  switch (kind) {
    case "PAYMENT":
      return applyPaymentNotification(ctx, body as Parameters<typeof applyPaymentNotification>[1]);
    case "VOID":
      return applyVoidNotification(ctx, body as Parameters<typeof applyVoidNotification>[1]);
    case "REFUND":
      return applyRefundNotification(ctx, body as Parameters<typeof applyRefundNotification>[1]);
  }
}
