-- The dashboard's figures as index-only scans at a million orders (bench/admin.ts): the paid volume
-- per day reads (paid_at, amount_fils) and nothing else; the money held in escrow and the escrow
-- orders awaiting acceptance read only the escrow orders still held.
DROP INDEX "orders_paid_at_idx";

-- begin: sql only
-- schema.prisma cannot express INCLUDE columns or a partial index: scripts/db-diff.mjs leaves this
-- block out of its comparison, as it does the CHECK constraints.
CREATE INDEX "orders_paid_at_amount_idx" ON "orders" ("paid_at") INCLUDE ("amount_fils");
CREATE INDEX "orders_escrow_held_idx" ON "orders" ("status", "created_at", "id")
  INCLUDE ("amount_fils", "voided_fils")
  WHERE "flow" = 'ESCROW' AND "status" IN ('PAID', 'ACCEPTED');
-- end: sql only
