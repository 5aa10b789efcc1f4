-- AlterTable
ALTER TABLE "wallet_tokens" ADD COLUMN     "refresh_lease_owner" TEXT,
ADD COLUMN     "refresh_lease_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "notification_rejections" (
    "id" BIGSERIAL NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "source_address" TEXT NOT NULL,
    "kind" "notification_kind" NOT NULL,
    "reason" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sample_body" TEXT NOT NULL,
    "sample_headers" JSONB NOT NULL,

    CONSTRAINT "notification_rejections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_events" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT,
    "actor" TEXT NOT NULL,
    "detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notification_rejections_last_seen_at_idx" ON "notification_rejections"("last_seen_at");

-- CreateIndex
CREATE UNIQUE INDEX "notification_rejections_bucket_source_address_kind_reason_key" ON "notification_rejections"("bucket", "source_address", "kind", "reason");

-- CreateIndex
CREATE INDEX "customer_events_customer_id_created_at_idx" ON "customer_events"("customer_id", "created_at");

-- CreateIndex
CREATE INDEX "customer_events_subject_id_idx" ON "customer_events"("subject_id");

-- AddForeignKey
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

