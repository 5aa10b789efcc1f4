-- The outbox (events, their deliveries, the deliveries' attempts) becomes three tables partitioned by
-- month of the event's occurred_at, so retention drops a month whole instead of deleting its rows
-- (docs/adr/0022-logs-partitioned-by-month.md).
--
-- - Deliveries and attempts carry their event's occurred_at (event_occurred_at) and are partitioned
--   by it: an event, its deliveries and their attempts always share a month, and go together.
-- - PostgreSQL wants the partition key in every unique key: the primary keys become (id, time) and the
--   one-delivery-per-target key takes event_occurred_at (one value per event, so nothing changes).
-- - The dedupe key (one payment.unknown per order, ...) cannot be unique across months inside a
--   partitioned table: it moves to outbox_dedupe_keys, unpartitioned, kept when its event's month goes.
-- - The foreign keys join each month of a table to the same month of the table it references, not
--   parent to parent: detaching a month of a table referenced parent to parent makes PostgreSQL join
--   the whole referencing table against that month, under an exclusive lock on both. The maintenance
--   worker creates each month's three partitions and their two foreign keys together
--   (lib/platform/retention/outbox-partitions.ts).
--
-- On an upgrade the rows are copied into the new tables: a rewrite of the outbox (CHANGELOG).

-- The old tables step aside, with their keys and indexes; the event sequence is kept, so seq carries on.
ALTER SEQUENCE "outbox_events_seq_seq" OWNED BY NONE;
ALTER TABLE "delivery_attempts" DROP CONSTRAINT "delivery_attempts_delivery_id_fkey";
ALTER TABLE "event_deliveries" DROP CONSTRAINT "event_deliveries_event_id_fkey";
ALTER TABLE "outbox_events" RENAME TO "outbox_events_unpartitioned";
ALTER TABLE "event_deliveries" RENAME TO "event_deliveries_unpartitioned";
ALTER TABLE "delivery_attempts" RENAME TO "delivery_attempts_unpartitioned";
ALTER TABLE "outbox_events_unpartitioned" DROP CONSTRAINT "outbox_events_pkey";
DROP INDEX "outbox_events_order_id_seq_idx";
ALTER TABLE "event_deliveries_unpartitioned" DROP CONSTRAINT "event_deliveries_pkey";
DROP INDEX "event_deliveries_event_id_target_kind_target_key";
DROP INDEX "event_deliveries_order_id_idx";
DROP INDEX "event_deliveries_status_next_attempt_at_idx";
DROP INDEX "event_deliveries_target_kind_target_created_at_id_idx";
DROP INDEX "event_deliveries_target_kind_target_order_id_seq_idx";
ALTER TABLE "delivery_attempts_unpartitioned" DROP CONSTRAINT "delivery_attempts_pkey";
DROP INDEX "delivery_attempts_delivery_id_created_at_idx";
-- begin: sql only
DROP INDEX "outbox_events_dedupe_key_key";
DROP INDEX "outbox_events_undispatched_idx";
DROP INDEX "event_deliveries_dead_idx";
-- end: sql only

-- CreateTable
CREATE TABLE "outbox_dedupe_keys" (
    "dedupe_key" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_dedupe_keys_pkey" PRIMARY KEY ("dedupe_key")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL DEFAULT nextval('outbox_events_seq_seq'),
    "type" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "order_id" TEXT,
    "payload" JSONB NOT NULL,
    "dedupe_key" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");

ALTER SEQUENCE "outbox_events_seq_seq" OWNED BY "outbox_events"."seq";

-- CreateTable
CREATE TABLE "event_deliveries" (
    "id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "order_id" TEXT,
    "target_kind" "delivery_target_kind" NOT NULL,
    "target" TEXT NOT NULL,
    "status" "delivery_status" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_failure" "outbound_failure",
    "event_occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_deliveries_pkey" PRIMARY KEY ("id","event_occurred_at")
) PARTITION BY RANGE ("event_occurred_at");

-- CreateTable
CREATE TABLE "delivery_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "request" JSONB,
    "response" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "failure" "outbound_failure",
    "event_occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("id","event_occurred_at")
) PARTITION BY RANGE ("event_occurred_at");

-- begin: sql only
-- The partitions, each month's three created together with the foreign keys between them. Months are
-- UTC months (timestamps without zone below are UTC wall-clock times); a partition is named
-- <table>_pYYYYMM, and each table's DEFAULT partition takes a row no month covers.
CREATE TABLE "outbox_events_default" PARTITION OF "outbox_events" DEFAULT;
CREATE TABLE "event_deliveries_default" PARTITION OF "event_deliveries" DEFAULT;
CREATE TABLE "delivery_attempts_default" PARTITION OF "delivery_attempts" DEFAULT;
ALTER TABLE "event_deliveries_default" ADD CONSTRAINT "event_deliveries_default_event_fkey"
  FOREIGN KEY ("event_id", "event_occurred_at") REFERENCES "outbox_events_default" ("id", "occurred_at");
ALTER TABLE "delivery_attempts_default" ADD CONSTRAINT "delivery_attempts_default_delivery_fkey"
  FOREIGN KEY ("delivery_id", "event_occurred_at") REFERENCES "event_deliveries_default" ("id", "event_occurred_at");

DO $$
DECLARE
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month timestamp;
  suffix text;
BEGIN
  SELECT date_trunc('month', min(occurred_at) AT TIME ZONE 'UTC') INTO month FROM "outbox_events_unpartitioned";
  month := least(coalesce(month, this_month), this_month);
  WHILE month <= this_month + interval '2 months' LOOP
    suffix := '_p' || to_char(month, 'YYYYMM');
    EXECUTE format('CREATE TABLE %I PARTITION OF "outbox_events" FOR VALUES FROM (%L) TO (%L)',
      'outbox_events' || suffix, month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    EXECUTE format('CREATE TABLE %I PARTITION OF "event_deliveries" FOR VALUES FROM (%L) TO (%L)',
      'event_deliveries' || suffix, month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    EXECUTE format('CREATE TABLE %I PARTITION OF "delivery_attempts" FOR VALUES FROM (%L) TO (%L)',
      'delivery_attempts' || suffix, month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY ("event_id", "event_occurred_at") REFERENCES %I ("id", "occurred_at")',
      'event_deliveries' || suffix, 'event_deliveries' || suffix || '_event_fkey', 'outbox_events' || suffix);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY ("delivery_id", "event_occurred_at") REFERENCES %I ("id", "event_occurred_at")',
      'delivery_attempts' || suffix, 'delivery_attempts' || suffix || '_delivery_fkey', 'event_deliveries' || suffix);
    month := month + interval '1 month';
  END LOOP;
END $$;
-- end: sql only

INSERT INTO "outbox_dedupe_keys" ("dedupe_key", "event_id", "created_at")
SELECT "dedupe_key", "id", "occurred_at" FROM "outbox_events_unpartitioned" WHERE "dedupe_key" IS NOT NULL;

INSERT INTO "outbox_events" ("id", "seq", "type", "version", "order_id", "payload", "dedupe_key", "occurred_at",
  "dispatched_at")
SELECT "id", "seq", "type", "version", "order_id", "payload", "dedupe_key", "occurred_at", "dispatched_at"
FROM "outbox_events_unpartitioned";

INSERT INTO "event_deliveries" ("id", "event_id", "seq", "order_id", "target_kind", "target", "status", "attempts",
  "next_attempt_at", "lease_until", "last_error", "delivered_at", "created_at", "updated_at", "last_failure",
  "event_occurred_at")
SELECT d."id", d."event_id", d."seq", d."order_id", d."target_kind", d."target", d."status", d."attempts",
  d."next_attempt_at", d."lease_until", d."last_error", d."delivered_at", d."created_at", d."updated_at",
  d."last_failure", e."occurred_at"
FROM "event_deliveries_unpartitioned" d JOIN "outbox_events_unpartitioned" e ON e."id" = d."event_id";

INSERT INTO "delivery_attempts" ("id", "delivery_id", "attempt", "ok", "status_code", "latency_ms", "request",
  "response", "created_at", "failure", "event_occurred_at")
SELECT a."id", a."delivery_id", a."attempt", a."ok", a."status_code", a."latency_ms", a."request", a."response",
  a."created_at", a."failure", e."occurred_at"
FROM "delivery_attempts_unpartitioned" a
JOIN "event_deliveries_unpartitioned" d ON d."id" = a."delivery_id"
JOIN "outbox_events_unpartitioned" e ON e."id" = d."event_id";

-- Every row made it across (the old foreign keys held, so the joins above dropped none): checked,
-- not assumed, since the old tables go next.
DO $$
BEGIN
  IF (SELECT count(*) FROM "outbox_events_unpartitioned") <> (SELECT count(*) FROM "outbox_events")
     OR (SELECT count(*) FROM "event_deliveries_unpartitioned") <> (SELECT count(*) FROM "event_deliveries")
     OR (SELECT count(*) FROM "delivery_attempts_unpartitioned") <> (SELECT count(*) FROM "delivery_attempts") THEN
    RAISE EXCEPTION 'outbox copy lost rows';
  END IF;
END $$;

DROP TABLE "delivery_attempts_unpartitioned";
DROP TABLE "event_deliveries_unpartitioned";
DROP TABLE "outbox_events_unpartitioned";

-- CreateIndex
CREATE INDEX "outbox_events_order_id_seq_idx" ON "outbox_events"("order_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "event_deliveries_event_id_target_kind_target_event_occurred_key" ON "event_deliveries"("event_id", "target_kind", "target", "event_occurred_at");

-- CreateIndex
CREATE INDEX "event_deliveries_target_kind_target_order_id_seq_idx" ON "event_deliveries"("target_kind", "target", "order_id", "seq");

-- CreateIndex
CREATE INDEX "event_deliveries_target_kind_target_created_at_id_idx" ON "event_deliveries"("target_kind", "target", "created_at", "id");

-- CreateIndex
CREATE INDEX "event_deliveries_status_next_attempt_at_idx" ON "event_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "event_deliveries_order_id_idx" ON "event_deliveries"("order_id");

-- CreateIndex
CREATE INDEX "delivery_attempts_delivery_id_created_at_idx" ON "delivery_attempts"("delivery_id", "created_at");

-- begin: sql only
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" ("seq") WHERE "dispatched_at" IS NULL;
CREATE INDEX "event_deliveries_dead_idx" ON "event_deliveries" ("updated_at", "id") WHERE "status" = 'DEAD';
-- end: sql only
