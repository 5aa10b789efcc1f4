-- migrate: no-transaction
-- The dashboard's "ended today / in 30 days" counts (lib/console/subscription-figures.ts) look up
-- subscriptions by cancelled_at; without an index each dashboard load read the whole table. Partial:
-- most subscriptions are never cancelled, so they take no room in it. Built concurrently: the billing
-- engine writes this table every minute.
CREATE INDEX CONCURRENTLY "subscriptions_cancelled_at_idx" ON "subscriptions"("cancelled_at") WHERE "cancelled_at" IS NOT NULL;
