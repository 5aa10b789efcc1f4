-- Alerts (lib/alerts): rules an ADMIN sets, the events each rule caught, and the messages that fold
-- them. New tables only.
-- CreateEnum
CREATE TYPE "alert_channel" AS ENUM ('EMAIL', 'CHAT');

-- CreateEnum
CREATE TYPE "alert_message_status" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- CreateTable
CREATE TABLE "alert_rules" (
    "id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "channel" "alert_channel" NOT NULL,
    "target" TEXT NOT NULL,
    "chat_format" TEXT,
    "fold_seconds" INTEGER NOT NULL DEFAULT 60,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_events" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "message_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_messages" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "dedupe_key" TEXT,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "status" "alert_message_status" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alert_rules_event_type_idx" ON "alert_rules"("event_type");

-- CreateIndex
CREATE INDEX "alert_events_rule_id_message_id_occurred_at_idx" ON "alert_events"("rule_id", "message_id", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "alert_events_rule_id_event_id_key" ON "alert_events"("rule_id", "event_id");

-- CreateIndex
CREATE UNIQUE INDEX "alert_messages_dedupe_key_key" ON "alert_messages"("dedupe_key");

-- CreateIndex
CREATE INDEX "alert_messages_status_created_at_idx" ON "alert_messages"("status", "created_at");

-- CreateIndex
CREATE INDEX "alert_messages_rule_id_created_at_idx" ON "alert_messages"("rule_id", "created_at");

-- AddForeignKey
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "alert_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_messages" ADD CONSTRAINT "alert_messages_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

