-- What the wallet confirmed back, kept on the order beside what is reserved (refunded_fils counts
-- every refund asked for: awaiting approval, in flight or done). Lists, filters and the CSV read
-- "refunded" from this column (lib/payments/refunds/refund-figures.ts); it is raised in the
-- transaction that records a refund's SUCCESS. Existing orders get it from their refunds, once.
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "confirmed_refund_fils" BIGINT NOT NULL DEFAULT 0;


-- begin: sql only
UPDATE "orders" o SET "confirmed_refund_fils" = r.total
  FROM (SELECT "order_id", sum("amount_fils") AS total FROM "refunds"
         WHERE "status" = 'SUCCESS' GROUP BY "order_id") r
 WHERE r."order_id" = o."id";

ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_refund_not_negative" CHECK ("confirmed_refund_fils" >= 0);
-- end: sql only
