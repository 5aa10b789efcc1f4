-- migrate: no-transaction
-- The console's subscription list in keyset pages, newest first (lib/console/subscriptions/
-- list-subscriptions.ts): one index range per page from the cursor. Built concurrently: the billing
-- engine writes this table every minute.
CREATE INDEX CONCURRENTLY "subscriptions_created_at_id_idx" ON "subscriptions"("created_at", "id");
