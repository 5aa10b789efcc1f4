-- Columns and indexes for the background workers (issue 5): the scans run every minute, so each one
-- reads an index, never a whole table, when there is nothing to do.

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "expiry_checked_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "last_inquiry_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "wallet_tokens_access_token_expires_at_idx" ON "wallet_tokens"("access_token_expires_at");

-- CreateIndex
CREATE INDEX "orders_status_payment_expires_at_idx" ON "orders"("status", "payment_expires_at");

-- CreateIndex
CREATE INDEX "push_messages_status_updated_at_idx" ON "push_messages"("status", "updated_at");
