-- Retention empties old wallet-call and notification bodies and records when (lib/retention).
-- The indexes let each run find the next unpruned old rows without walking the pruned ones.
-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "pruned_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "wallet_calls" ADD COLUMN     "pruned_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "notifications_pruned_at_received_at_idx" ON "notifications"("pruned_at", "received_at");

-- CreateIndex
CREATE INDEX "wallet_calls_pruned_at_created_at_idx" ON "wallet_calls"("pruned_at", "created_at");
