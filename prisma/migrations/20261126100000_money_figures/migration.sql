-- The dashboard's money of a day or a range (lib/admin/money-figures.ts): refunds by when the wallet
-- confirmed them, escrow released or returned by when the wallet confirmed that. Two indexes.
SET LOCAL lock_timeout = '10s';

-- CreateIndex
CREATE INDEX "escrow_operations_type_status_completed_at_idx" ON "escrow_operations"("type", "status", "completed_at");

-- CreateIndex
CREATE INDEX "refunds_status_refunded_at_idx" ON "refunds"("status", "refunded_at");


-- begin: sql only
-- The day's payments split by flow (paid / taken) from the index alone: the flow rides along.
DROP INDEX "orders_paid_at_amount_idx";
CREATE INDEX "orders_paid_at_amount_idx" ON "orders" ("paid_at") INCLUDE ("amount_fils", "flow");
-- end: sql only
