-- API keys for scripts calling the console's API (lib/admin/api-keys.ts), and which key an audited
-- action came through. The new audit column is nullable without a default: no row is rewritten. Its
-- foreign key is added NOT VALID (checked for new rows only) and validated by the next migration, in
-- a transaction of its own, where the check of existing rows (all NULL) does not block writes to the
-- audit trail. The ALTERs give up after 10 s rather than queue operators' actions behind a long
-- transaction.
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "audit_entries" ADD COLUMN     "api_key_id" TEXT;

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "role" "operator_role" NOT NULL,
    "operator_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

-- CreateIndex
CREATE INDEX "api_keys_created_at_idx" ON "api_keys"("created_at");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE NOT VALID;

