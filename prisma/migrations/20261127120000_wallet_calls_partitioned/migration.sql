-- The wallet-call log becomes a table partitioned by month of created_at, so retention drops a
-- month whole instead of deleting its rows one by one (docs/adr/0022-logs-partitioned-by-month.md).
-- PostgreSQL wants the partition key in every unique key: the primary key becomes (id, created_at);
-- id still comes from the same sequence, so it stays unique in fact.
--
-- On an upgrade the rows are copied: one partition per month that has rows, then the current month
-- and the next two (the maintenance worker keeps creating them ahead), and a default partition that
-- catches a row no partition covers. The copy rewrites the table once: on a large log, run it in a
-- quiet hour (CHANGELOG).

-- The old table steps aside; its sequence is kept for the new one, so ids carry on where they were.
ALTER SEQUENCE "wallet_calls_id_seq" OWNED BY NONE;
ALTER TABLE "wallet_calls" RENAME TO "wallet_calls_unpartitioned";
DROP INDEX "wallet_calls_order_id_created_at_idx";
DROP INDEX "wallet_calls_operation_created_at_idx";
DROP INDEX "wallet_calls_request_key_idx";
DROP INDEX "wallet_calls_request_id_idx";
DROP INDEX "wallet_calls_pruned_at_created_at_idx";
ALTER TABLE "wallet_calls_unpartitioned" DROP CONSTRAINT "wallet_calls_pkey";

-- CreateTable
CREATE TABLE "wallet_calls" (
    "id" BIGINT NOT NULL DEFAULT nextval('wallet_calls_id_seq'),
    "operation" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "request_key" TEXT,
    "order_id" TEXT,
    "refund_id" TEXT,
    "outcome" TEXT,
    "result_code" TEXT,
    "http_status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error_kind" TEXT,
    "request_body" JSONB NOT NULL,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "request_id" TEXT,
    "pruned_at" TIMESTAMPTZ(3),

    CONSTRAINT "wallet_calls_pkey" PRIMARY KEY ("id","created_at")
) PARTITION BY RANGE ("created_at");

ALTER SEQUENCE "wallet_calls_id_seq" OWNED BY "wallet_calls"."id";

CREATE TABLE "wallet_calls_default" PARTITION OF "wallet_calls" DEFAULT;

-- Months are UTC months (timestamps without zone below are UTC wall-clock times); a partition is
-- named wallet_calls_pYYYYMM (lib/platform/retention/partitions.ts).
DO $$
DECLARE
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month timestamp;
BEGIN
  SELECT date_trunc('month', min(created_at) AT TIME ZONE 'UTC') INTO month FROM "wallet_calls_unpartitioned";
  month := least(coalesce(month, this_month), this_month);
  WHILE month <= this_month + interval '2 months' LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "wallet_calls" FOR VALUES FROM (%L) TO (%L)',
      'wallet_calls_p' || to_char(month, 'YYYYMM'),
      month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
    month := month + interval '1 month';
  END LOOP;
END $$;

INSERT INTO "wallet_calls" ("id", "operation", "path", "request_key", "order_id", "refund_id", "outcome",
  "result_code", "http_status", "duration_ms", "error_kind", "request_body", "response_body", "created_at",
  "request_id", "pruned_at")
SELECT "id", "operation", "path", "request_key", "order_id", "refund_id", "outcome", "result_code",
  "http_status", "duration_ms", "error_kind", "request_body", "response_body", "created_at", "request_id",
  "pruned_at"
FROM "wallet_calls_unpartitioned";

DROP TABLE "wallet_calls_unpartitioned";

-- CreateIndex
CREATE INDEX "wallet_calls_order_id_created_at_idx" ON "wallet_calls"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "wallet_calls_operation_created_at_idx" ON "wallet_calls"("operation", "created_at");

-- CreateIndex
CREATE INDEX "wallet_calls_request_key_idx" ON "wallet_calls"("request_key");

-- CreateIndex
CREATE INDEX "wallet_calls_request_id_idx" ON "wallet_calls"("request_id");

-- CreateIndex
CREATE INDEX "wallet_calls_pruned_at_created_at_idx" ON "wallet_calls"("pruned_at", "created_at");
