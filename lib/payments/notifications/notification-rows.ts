// The two writes every verified notification makes, hand-written because each wallet notification
// pays for them (run without Prisma's runtime: lib/platform/db/run-sql.ts): storing it under its unique dedupe
// key before anything is applied, and recording what applying it did.
import { type NotificationKind, type NotificationStatus, Prisma, type PrismaClient } from "@/lib/platform/db";
import { execute, queryRows } from "@/lib/platform/db/run-sql";
import { newRowId } from "@/lib/platform/ids/request-ids";

export interface StoredNotification {
  id: string;
  status: NotificationStatus;
}

export interface NewNotification {
  kind: NotificationKind;
  dedupeKey: string;
  rawBody: string;
  headers: Prisma.InputJsonValue;
  status: NotificationStatus;
  error?: string | undefined;
}

/** Inserts a verified notification; null when its dedupe key exists already (a repeat). */
export async function insertNotification(
  prisma: PrismaClient,
  notification: NewNotification,
): Promise<StoredNotification | null> {
  const [row] = await queryRows<StoredNotification>(
    prisma,
    Prisma.sql`
      INSERT INTO notifications (id, kind, dedupe_key, raw_body, headers, verified, status, error)
      VALUES (${newRowId()}::text, ${notification.kind}::notification_kind, ${notification.dedupeKey}::text,
              ${notification.rawBody}::text, ${JSON.stringify(notification.headers)}::jsonb, true,
              ${notification.status}::notification_status, ${notification.error ?? null}::text)
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id, status::text AS status`,
    { prepared: true },
  );
  return row ?? null;
}

export interface ProcessedNotification {
  status: NotificationStatus;
  orderId: string | null;
  error: string | null;
  processedAt: Date;
}

/** Records the outcome of applying a stored notification. */
export async function markNotificationProcessed(
  prisma: PrismaClient,
  id: string,
  processed: ProcessedNotification,
): Promise<void> {
  await execute(
    prisma,
    Prisma.sql`
      UPDATE notifications
      SET status = ${processed.status}::notification_status, order_id = ${processed.orderId}::text,
          error = ${processed.error}::text, processed_at = ${processed.processedAt}::timestamptz
      WHERE id = ${id}::text`,
    { prepared: true },
  );
}
