// Notifications that fail verification are counted, not stored one by one: the notify URLs are public,
// and a forged post must neither fill the database nor go unrecorded. One row per hour, source
// address, kind and reason holds the count and the latest attempt's first bytes; past
// MAX_ROWS_PER_HOUR rows in an hour, new sources are counted under "other". (The route boundary also
// refuses an address that keeps failing before it costs any work: lib/http/route.ts.)

import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { NotificationKind, Prisma } from "@/lib/platform/db";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { storableText } from "@/lib/platform/validation/storable-text";

const MAX_ROWS_PER_HOUR = 500;
const SAMPLE_BYTES = 512;
const KEPT_HEADERS = ["content-type", "client-id", "request-time", "signature", "user-agent"];

export interface UnverifiedNotification {
  kind: NotificationKind;
  reason: string;
  sourceAddress: string;
  rawBody: string;
  headers: Headers;
}

function startOfHour(time: Date): Date {
  const bucket = new Date(time);
  bucket.setUTCMinutes(0, 0, 0);
  return bucket;
}

export function sampleHeaders(headers: Headers): Prisma.InputJsonValue {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept[name] = storableText(value.slice(0, SAMPLE_BYTES));
  }
  return kept;
}

export async function recordUnverifiedNotification(ctx: ServiceContext, attempt: UnverifiedNotification) {
  const now = ctx.now();
  const bucket = startOfHour(now);
  const key = {
    bucket,
    sourceAddress: storableText(attempt.sourceAddress),
    kind: attempt.kind,
    reason: attempt.reason,
  };
  const known = await ctx.prisma.notificationRejection.findUnique({
    where: { bucket_sourceAddress_kind_reason: key },
    select: { id: true },
  });
  if (!known && (await ctx.prisma.notificationRejection.count({ where: { bucket } })) >= MAX_ROWS_PER_HOUR) {
    key.sourceAddress = "other";
  }
  const sample = {
    sampleBody: storableText(attempt.rawBody.slice(0, SAMPLE_BYTES)),
    sampleHeaders: sampleHeaders(attempt.headers),
    lastSeenAt: now,
  };
  await ctx.prisma.$transaction(async (tx) => {
    await tx.notificationRejection.upsert({
      where: { bucket_sourceAddress_kind_reason: key },
      create: { ...key, ...sample, firstSeenAt: now },
      update: { ...sample, count: { increment: 1 } },
    });
    // Announced once per source, kind and reason an hour, like the rows: a flood is one event.
    await writeEvent(tx, {
      type: "notification.rejected",
      data: { kind: key.kind, reason: key.reason, sourceAddress: key.sourceAddress },
      dedupeKey: `notification.rejected:${bucket.toISOString()}:${key.sourceAddress}:${key.kind}:${key.reason}`,
    });
  });
}
