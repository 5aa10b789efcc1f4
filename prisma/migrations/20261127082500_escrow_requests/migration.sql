-- Escrow cancel and void give money back as a refund does: above the operator's refund limits they
-- wait for a second operator too, as refund requests of another kind (lib/payments/escrow/
-- return-escrow.ts). Existing requests are refunds. Adding a column with a constant default
-- rewrites nothing on PostgreSQL 11+.
SET LOCAL lock_timeout = '10s';

-- CreateEnum
CREATE TYPE "refund_request_kind" AS ENUM ('REFUND', 'CANCEL', 'VOID');

-- AlterTable
ALTER TABLE "refund_requests" ADD COLUMN "kind" "refund_request_kind" NOT NULL DEFAULT 'REFUND';
