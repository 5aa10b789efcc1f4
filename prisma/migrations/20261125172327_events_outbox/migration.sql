-- Domain events (lib/events): the outbox written with each change, the deliveries of each event to
-- the fork's hooks and the merchant's webhook endpoints, every attempt, and the endpoints. New tables
-- only: nothing existing is rewritten or locked.
-- CreateEnum
CREATE TYPE "delivery_target_kind" AS ENUM ('HOOK', 'WEBHOOK');

-- CreateEnum
CREATE TYPE "delivery_status" AS ENUM ('PENDING', 'DELIVERED', 'DEAD');

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "order_id" TEXT,
    "payload" JSONB NOT NULL,
    "dedupe_key" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

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

    CONSTRAINT "event_deliveries_pkey" PRIMARY KEY ("id")
);

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

    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "events" TEXT[],
    "secret_cipher" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_events_order_id_seq_idx" ON "outbox_events"("order_id", "seq");

-- CreateIndex
CREATE INDEX "event_deliveries_target_kind_target_order_id_seq_idx" ON "event_deliveries"("target_kind", "target", "order_id", "seq");

-- CreateIndex
CREATE INDEX "event_deliveries_status_next_attempt_at_idx" ON "event_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "event_deliveries_order_id_idx" ON "event_deliveries"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "event_deliveries_event_id_target_kind_target_key" ON "event_deliveries"("event_id", "target_kind", "target");

-- CreateIndex
CREATE INDEX "delivery_attempts_delivery_id_created_at_idx" ON "delivery_attempts"("delivery_id", "created_at");

-- AddForeignKey
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "outbox_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "event_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- begin: sql only
-- Every order writes events: the outbox keeps few indexes, and partial ones where most rows need
-- no entry. The dispatcher's queue: only events not yet turned into deliveries, by seq. The dedupe
-- key: only the few events that carry one (payment.unknown, notification.rejected, the wallet's).
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" ("seq") WHERE "dispatched_at" IS NULL;
CREATE UNIQUE INDEX "outbox_events_dedupe_key_key" ON "outbox_events" ("dedupe_key") WHERE "dedupe_key" IS NOT NULL;
-- end: sql only
