-- Inbound notifications become a table partitioned by month of received_at, so retention drops a
-- month whole instead of emptying bodies row by row (docs/adr/0022-logs-partitioned-by-month.md).
--
-- - PostgreSQL wants the partition key in every unique key: the primary key becomes (id, received_at).
-- - The dedupe key cannot be unique across months inside a partitioned table: it moves to
--   notification_dedupe_keys, unpartitioned, with the notification's (id, received_at), and is kept
--   when the notification's month goes, so a repeat is still refused (notification-rows.ts).
-- - Nothing references notifications by foreign key; the order timeline and the console find them
--   by order and by id.
-- - The index that found bodies to empty goes: retention no longer empties bodies. pruned_at stays,
--   for the rows emptied before this release, until their month is dropped.
--
-- On an upgrade the rows are copied into the new table: a rewrite of the notifications (CHANGELOG).

-- The old table steps aside, with its keys and indexes.
ALTER TABLE "notifications" RENAME TO "notifications_unpartitioned";
ALTER TABLE "notifications_unpartitioned" DROP CONSTRAINT "notifications_pkey";
DROP INDEX "notifications_dedupe_key_key";
DROP INDEX "notifications_status_received_at_idx";
DROP INDEX "notifications_order_id_idx";
DROP INDEX "notifications_received_at_id_idx";
DROP INDEX "notifications_pruned_at_received_at_idx";

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "kind" "notification_kind" NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "raw_body" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "verified" BOOLEAN NOT NULL,
    "verify_error" TEXT,
    "status" "notification_status" NOT NULL DEFAULT 'RECEIVED',
    "order_id" TEXT,
    "error" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),
    "pruned_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id","received_at")
) PARTITION BY RANGE ("received_at");

-- CreateTable
CREATE TABLE "notification_dedupe_keys" (
    "dedupe_key" TEXT NOT NULL,
    "notification_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "rejected_error" TEXT,

    CONSTRAINT "notification_dedupe_keys_pkey" PRIMARY KEY ("dedupe_key")
);

-- begin: sql only
-- Months are UTC months (timestamps without zone below are UTC wall-clock times); a partition is
-- named notifications_pYYYYMM (lib/platform/retention/expire-notifications.ts), and the DEFAULT
-- partition takes a row no month covers.
CREATE TABLE "notifications_default" PARTITION OF "notifications" DEFAULT;

DO $$
DECLARE
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month timestamp;
BEGIN
  SELECT date_trunc('month', min(received_at) AT TIME ZONE 'UTC') INTO month FROM "notifications_unpartitioned";
  month := least(coalesce(month, this_month), this_month);
  WHILE month <= this_month + interval '2 months' LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "notifications" FOR VALUES FROM (%L) TO (%L)',
      'notifications_p' || to_char(month, 'YYYYMM'),
      month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    month := month + interval '1 month';
  END LOOP;
END $$;
-- end: sql only

INSERT INTO "notification_dedupe_keys" ("dedupe_key", "notification_id", "received_at")
SELECT "dedupe_key", "id", "received_at" FROM "notifications_unpartitioned";

INSERT INTO "notifications" ("id", "kind", "dedupe_key", "raw_body", "headers", "verified", "verify_error",
  "status", "order_id", "error", "received_at", "processed_at", "pruned_at")
SELECT "id", "kind", "dedupe_key", "raw_body", "headers", "verified", "verify_error", "status", "order_id",
  "error", "received_at", "processed_at", "pruned_at"
FROM "notifications_unpartitioned";

-- Every row made it across, and every key: checked, not assumed, since the old table goes next.
DO $$
BEGIN
  IF (SELECT count(*) FROM "notifications_unpartitioned") <> (SELECT count(*) FROM "notifications")
     OR (SELECT count(*) FROM "notifications_unpartitioned") <> (SELECT count(*) FROM "notification_dedupe_keys") THEN
    RAISE EXCEPTION 'notifications copy lost rows';
  END IF;
END $$;

DROP TABLE "notifications_unpartitioned";

-- CreateIndex
CREATE INDEX "notifications_status_received_at_idx" ON "notifications"("status", "received_at");

-- CreateIndex
CREATE INDEX "notifications_order_id_idx" ON "notifications"("order_id");

-- CreateIndex
CREATE INDEX "notifications_received_at_id_idx" ON "notifications"("received_at", "id");
