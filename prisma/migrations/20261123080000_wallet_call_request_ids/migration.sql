-- The request (X-Request-Id) or job that made each wallet call.
-- AlterTable
ALTER TABLE "wallet_calls" ADD COLUMN     "request_id" TEXT;

-- CreateIndex
CREATE INDEX "wallet_calls_request_id_idx" ON "wallet_calls"("request_id");
