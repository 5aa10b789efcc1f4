-- API keys belong to the person who made them (lib/operators/api-keys/revoke-api-keys.ts): a key is
-- revoked, with the reason, when its maker's password changes, their second factor is reset, an
-- admin ends their sessions or disables them; and what a key set up (webhook endpoints, alert rules)
-- remembers the key, so revoking it turns them off (disabled_reason API_KEY_REVOKED).
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "alert_rules" ADD COLUMN     "created_by_api_key_id" TEXT,
ADD COLUMN     "disabled_reason" TEXT;

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "revoked_reason" TEXT;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "created_by_api_key_id" TEXT;

-- CreateIndex
CREATE INDEX "alert_rules_created_by_api_key_id_idx" ON "alert_rules"("created_by_api_key_id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_created_by_api_key_id_idx" ON "webhook_endpoints"("created_by_api_key_id");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_api_key_id_fkey" FOREIGN KEY ("created_by_api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_api_key_id_fkey" FOREIGN KEY ("created_by_api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- begin: sql only
-- Keys revoked before reasons were kept were revoked on the API keys page.
UPDATE "api_keys" SET "revoked_reason" = 'BY_OPERATOR' WHERE "revoked_at" IS NOT NULL;

-- Endpoints and rules made through a key before this release: the audit entry of their creation
-- names the key.
UPDATE "webhook_endpoints" w SET "created_by_api_key_id" = a."api_key_id"
  FROM "audit_entries" a
 WHERE a."action" = 'webhook.create' AND a."subject_id" = w."id" AND a."api_key_id" IS NOT NULL;
UPDATE "alert_rules" r SET "created_by_api_key_id" = a."api_key_id"
  FROM "audit_entries" a
 WHERE a."action" = 'alert-rule.create' AND a."subject_id" = r."id" AND a."api_key_id" IS NOT NULL;

-- Those whose key is revoked already were still delivering: they stop now, saying why.
UPDATE "webhook_endpoints" w SET "enabled" = false, "disabled_reason" = 'API_KEY_REVOKED'
  FROM "api_keys" k
 WHERE w."created_by_api_key_id" = k."id" AND k."revoked_at" IS NOT NULL AND w."enabled";
UPDATE "alert_rules" r SET "enabled" = false, "disabled_reason" = 'API_KEY_REVOKED'
  FROM "api_keys" k
 WHERE r."created_by_api_key_id" = k."id" AND k."revoked_at" IS NOT NULL AND r."enabled";
-- end: sql only
