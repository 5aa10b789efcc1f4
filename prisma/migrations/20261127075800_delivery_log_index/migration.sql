-- migrate: no-transaction
-- A webhook endpoint's delivery log in keyset pages (lib/console/event-deliveries.ts): newest first
-- from a cursor, one index range per page. Built concurrently: the events worker writes this table
-- every second, and a plain CREATE INDEX would hold its writes for the whole build.
CREATE INDEX CONCURRENTLY "event_deliveries_target_kind_target_created_at_id_idx" ON "event_deliveries"("target_kind", "target", "created_at", "id");
