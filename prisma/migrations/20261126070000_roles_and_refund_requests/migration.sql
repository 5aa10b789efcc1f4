-- Permissions by task (lib/auth/permissions.ts): roles become rows an ADMIN can add to, and refunds
-- above a role's limit wait as refund requests for a second operator (lib/refunds/refund-requests.ts).
-- Existing operators and API keys keep their rights: VIEWER stays VIEWER, ADMIN stays ADMIN, and
-- OPERATOR (who could act on any order for any amount) becomes FINANCE, the built-in role that can.
SET LOCAL lock_timeout = '10s';

-- CreateTable
CREATE TABLE "roles" (
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "built_in" BOOLEAN NOT NULL DEFAULT false,
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "refund_limit_fils" BIGINT,
    "daily_refund_limit_fils" BIGINT,
    "require_second_factor" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("key")
);

-- The built-in roles, as lib/auth/roles.ts describes them (a schema test keeps the two equal).
INSERT INTO "roles" ("key", "name", "built_in", "permissions", "refund_limit_fils", "daily_refund_limit_fils", "updated_at") VALUES
  ('VIEWER', 'Viewer', true, ARRAY['orders.read', 'orders.export'], NULL, NULL, CURRENT_TIMESTAMP),
  ('SUPPORT', 'Support', true, ARRAY['orders.read', 'customers.personal-data', 'orders.refund', 'orders.reconcile', 'notifications.reapply', 'deliveries.resend'], 25000000, 100000000, CURRENT_TIMESTAMP),
  ('FINANCE', 'Finance', true, ARRAY['orders.read', 'customers.personal-data', 'orders.refund', 'refunds.approve', 'escrow.act', 'orders.reconcile', 'notifications.reapply', 'deliveries.resend', 'orders.export', 'audit.read'], NULL, NULL, CURRENT_TIMESTAMP),
  ('ADMIN', 'Admin', true, ARRAY['orders.read', 'customers.personal-data', 'orders.refund', 'refunds.approve', 'escrow.act', 'orders.reconcile', 'notifications.reapply', 'deliveries.resend', 'orders.export', 'catalog.edit', 'operators.manage', 'audit.read', 'integrations.manage'], NULL, NULL, CURRENT_TIMESTAMP);

ALTER TABLE "roles" ADD CONSTRAINT "roles_limits_not_negative" CHECK (COALESCE("refund_limit_fils", 0) >= 0 AND COALESCE("daily_refund_limit_fils", 0) >= 0);

-- Operators and API keys: the enum column becomes a key of roles, keeping each row's rights.
ALTER TABLE "operators" ALTER COLUMN "role" DROP DEFAULT;
ALTER TABLE "operators" ALTER COLUMN "role" TYPE TEXT
  USING (CASE "role"::text WHEN 'OPERATOR' THEN 'FINANCE' ELSE "role"::text END);
ALTER TABLE "operators" ALTER COLUMN "role" SET DEFAULT 'VIEWER';
ALTER TABLE "api_keys" ALTER COLUMN "role" TYPE TEXT
  USING (CASE "role"::text WHEN 'OPERATOR' THEN 'FINANCE' ELSE "role"::text END);
DROP TYPE "operator_role";

ALTER TABLE "operators" ADD CONSTRAINT "operators_role_fkey" FOREIGN KEY ("role") REFERENCES "roles"("key") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_fkey" FOREIGN KEY ("role") REFERENCES "roles"("key") ON DELETE RESTRICT ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "refund_request_status" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateTable
CREATE TABLE "refund_requests" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "amount_fils" BIGINT NOT NULL,
    "reason" TEXT,
    "status" "refund_request_status" NOT NULL DEFAULT 'PENDING',
    "requested_by" TEXT NOT NULL,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decision_note" TEXT,
    "refund_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refund_requests_pkey" PRIMARY KEY ("id")
);

-- Four eyes, kept by the database too: whoever approves is not who asked.
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_amount_positive" CHECK ("amount_fils" > 0);
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_other_approves" CHECK ("status" <> 'APPROVED' OR "decided_by" <> "requested_by");

CREATE UNIQUE INDEX "refund_requests_refund_id_key" ON "refund_requests"("refund_id");
CREATE INDEX "refund_requests_status_created_at_idx" ON "refund_requests"("status", "created_at");
CREATE INDEX "refund_requests_order_id_idx" ON "refund_requests"("order_id");

ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE SET NULL ON UPDATE CASCADE;
