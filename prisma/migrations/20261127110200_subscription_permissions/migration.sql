-- The console's subscription actions (lib/operators/roles/permissions.ts): subscriptions.manage
-- (pause, resume, cancel) for the built-in roles that look after customers, subscriptions.retry
-- (charge a failing period now) for those that handle the money. Roles an admin made are theirs to
-- change. A built-in role keeps what an admin gave it, and never gets a permission twice.
UPDATE "roles" SET "permissions" = array_append("permissions", 'subscriptions.manage'), "updated_at" = CURRENT_TIMESTAMP
 WHERE "key" IN ('SUPPORT', 'FINANCE', 'ADMIN') AND NOT ('subscriptions.manage' = ANY ("permissions"));
UPDATE "roles" SET "permissions" = array_append("permissions", 'subscriptions.retry'), "updated_at" = CURRENT_TIMESTAMP
 WHERE "key" IN ('FINANCE', 'ADMIN') AND NOT ('subscriptions.retry' = ANY ("permissions"));
