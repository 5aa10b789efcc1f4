-- Money invariants enforced by the database itself, under any concurrency (Prisma's schema language
-- cannot express CHECK constraints, so they live only here; `db:diff` does not see them).
-- Refunds reserved or made, plus voids, never exceed what the customer paid.
ALTER TABLE "orders"
  ADD CONSTRAINT "orders_amount_positive" CHECK ("amount_fils" > 0),
  ADD CONSTRAINT "orders_refunds_and_voids_within_amount"
    CHECK ("refunded_fils" >= 0 AND "voided_fils" >= 0 AND "refunded_fils" + "voided_fils" <= "amount_fils");

ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("amount_fils" > 0);

ALTER TABLE "order_items"
  ADD CONSTRAINT "order_items_quantity_positive" CHECK ("quantity" > 0),
  ADD CONSTRAINT "order_items_price_not_negative" CHECK ("unit_price_fils" >= 0);

ALTER TABLE "escrow_operations"
  ADD CONSTRAINT "escrow_operations_amount_positive" CHECK ("amount_fils" IS NULL OR "amount_fils" > 0);
