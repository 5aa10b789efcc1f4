-- DropIndex
DROP INDEX "orders_customer_id_created_at_idx";

-- DropIndex
DROP INDEX "orders_needs_attention_created_at_idx";

-- DropIndex
DROP INDEX "orders_status_created_at_idx";

-- AlterTable
ALTER TABLE "operators" ADD COLUMN     "failed_sign_ins" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "locked_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "audit_entries" (
    "id" TEXT NOT NULL,
    "operator_id" TEXT NOT NULL,
    "operator_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" TEXT NOT NULL,
    "order_id" TEXT,
    "before" JSONB,
    "after" JSONB,
    "wallet_result" JSONB,
    "request_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_requests" (
    "id" TEXT NOT NULL,
    "operator_id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "admin_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_created_at_idx" ON "audit_entries"("created_at");

-- CreateIndex
CREATE INDEX "audit_entries_order_id_created_at_idx" ON "audit_entries"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_entries_subject_id_created_at_idx" ON "audit_entries"("subject_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_entries_operator_id_created_at_idx" ON "audit_entries"("operator_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "admin_requests_operator_id_idempotency_key_key" ON "admin_requests"("operator_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "notifications_received_at_id_idx" ON "notifications"("received_at", "id");

-- CreateIndex
CREATE INDEX "orders_created_at_id_idx" ON "orders"("created_at", "id");

-- CreateIndex
CREATE INDEX "orders_status_created_at_id_idx" ON "orders"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "orders_customer_id_created_at_id_idx" ON "orders"("customer_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "orders_needs_attention_created_at_id_idx" ON "orders"("needs_attention", "created_at", "id");

-- CreateIndex
CREATE INDEX "orders_paid_at_idx" ON "orders"("paid_at");

-- CreateIndex
CREATE INDEX "refunds_created_at_id_idx" ON "refunds"("created_at", "id");

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

