-- migrate: no-transaction
-- The subscription list filtered by plan, in keyset pages (as subscriptions_created_at_id_idx).
CREATE INDEX CONCURRENTLY "subscriptions_plan_id_created_at_id_idx" ON "subscriptions"("plan_id", "created_at", "id");
