-- Flags as a to-do list: when an operator last resolved an order's (or a refund's) flag. A flag
-- raised by a deadline ("not settled after 24 h") is raised again only when the deadline passes again
-- after this time — a new fact — never at the next reconciliation pass for the same old one.
-- Orders resolved before this release get the time of their last ATTENTION_RESOLVED event.
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "attention_resolved_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "attention_resolved_at" TIMESTAMPTZ(3);


-- begin: sql only
UPDATE "orders" o SET "attention_resolved_at" = e.at
  FROM (SELECT "order_id", max("created_at") AS at FROM "order_events"
         WHERE "type" = 'ATTENTION_RESOLVED' GROUP BY "order_id") e
 WHERE e."order_id" = o."id";

UPDATE "refunds" r SET "attention_resolved_at" = o."attention_resolved_at"
  FROM "orders" o
 WHERE o."id" = r."order_id" AND o."attention_resolved_at" IS NOT NULL AND r."attention_reason" IS NOT NULL;
-- end: sql only
