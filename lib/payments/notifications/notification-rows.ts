// The two writes every verified notification makes, hand-written because each wallet notification
// pays for them (run without Prisma's runtime: lib/platform/db/run-sql.ts): storing it under its unique dedupe
// key before anything is applied, and recording what applying it did; and the look-up of a repeat.
//
// notifications is partitioned by month of received_at, so its dedupe key cannot be unique there: the
// key's row in notification_dedupe_keys (unpartitioned, kept when the month is dropped) is what refuses
// a repeat, across months and after its month is gone (docs/adr/0022-logs-partitioned-by-month.md).
// Rows are addressed by (id, received_at), one month's primary key, never by id alone (every month's).
import { type NotificationKind, type NotificationStatus, Prisma, type PrismaClient } from "@/lib/platform/db";
import { execute, queryRows } from "@/lib/platform/db/run-sql";
import { newRowId } from "@/lib/platform/ids/request-ids";

/** A notification's primary key: its month is known from receivedAt. */
export interface NotificationRef {
  id: string;
  receivedAt: Date;
}

export interface StoredNotification extends NotificationRef {
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

/**
 * Inserts a verified notification; null when its dedupe key exists already (a repeat). The key's row
 * and the notification are one statement, the notification inserted only when the key's row was, so
 * both commit or neither; a concurrent delivery of the same key waits for this one, then inserts
 * nothing.
 */
export async function insertNotification(
  prisma: PrismaClient,
  notification: NewNotification,
): Promise<StoredNotification | null> {
  const [row] = await queryRows<StoredNotification>(
    prisma,
    Prisma.sql`
      WITH key AS (
        INSERT INTO notification_dedupe_keys (dedupe_key, notification_id, received_at)
        VALUES (${notification.dedupeKey}::text, ${newRowId()}::text, now())
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING notification_id, received_at)
      INSERT INTO notifications (id, kind, dedupe_key, raw_body, headers, verified, status, error, received_at)
      SELECT key.notification_id, ${notification.kind}::notification_kind, ${notification.dedupeKey}::text,
             ${notification.rawBody}::text, ${JSON.stringify(notification.headers)}::jsonb, true,
             ${notification.status}::notification_status, ${notification.error ?? null}::text, key.received_at
      FROM key
      RETURNING id, received_at AS "receivedAt", status::text AS status`,
    { prepared: true },
  );
  return row ?? null;
}

export interface SeenNotification extends StoredNotification {
  error: string | null;
}

/**
 * The notification stored under `dedupeKey`, for answering a repeat. When retention has dropped its
 * month it was settled (a month holding one not yet applied is never dropped): it reads as APPLIED,
 * or as REJECTED with its error, which retention kept on the key's row.
 */
export async function findSeenNotification(
  prisma: PrismaClient,
  dedupeKey: string,
): Promise<SeenNotification> {
  const [row] = await queryRows<SeenNotification>(
    prisma,
    Prisma.sql`
      SELECT k.notification_id AS id, k.received_at AS "receivedAt",
             coalesce(n.status::text, CASE WHEN k.rejected_error IS NULL THEN 'APPLIED' ELSE 'REJECTED' END) AS status,
             CASE WHEN n.id IS NULL THEN k.rejected_error ELSE n.error END AS error
      FROM notification_dedupe_keys k
      LEFT JOIN notifications n ON n.id = k.notification_id AND n.received_at = k.received_at
      WHERE k.dedupe_key = ${dedupeKey}::text`,
    { prepared: true },
  );
  if (!row) throw new Error(`no notification under dedupe key ${dedupeKey}`);
  return row;
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
  notification: NotificationRef,
  processed: ProcessedNotification,
): Promise<void> {
  await execute(
    prisma,
    Prisma.sql`
      UPDATE notifications
      SET status = ${processed.status}::notification_status, order_id = ${processed.orderId}::text,
          error = ${processed.error}::text, processed_at = ${processed.processedAt}::timestamptz
      WHERE id = ${notification.id}::text AND received_at = ${notification.receivedAt}::timestamptz`,
    { prepared: true },
  );
}
