-- migrate: no-transaction
-- The dead letter in keyset pages (lib/console/event-deliveries.ts): dead deliveries by when they
-- gave up. Partial, so the deliveries that succeed (nearly all) cost it nothing; built concurrently
-- for the same reason as the delivery log's index.
-- begin: sql only
CREATE INDEX CONCURRENTLY "event_deliveries_dead_idx" ON "event_deliveries" ("updated_at", "id") WHERE "status" = 'DEAD';
-- end: sql only
