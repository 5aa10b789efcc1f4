-- Subscriptions on agreement pay (lib/payments/subscriptions): plans beside their products, each
-- customer's subscriptions and their numbered billing periods; the agreement keeps its refresh token
-- so an expired paymentAuthCode can be refreshed before a renewal.
SET LOCAL lock_timeout = '10s';

-- CreateEnum
CREATE TYPE "billing_interval" AS ENUM ('WEEK', 'MONTH', 'YEAR');

-- CreateEnum
CREATE TYPE "subscription_status" AS ENUM ('PENDING', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'PAUSED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "subscription_period_status" AS ENUM ('SCHEDULED', 'CHARGING', 'PAID', 'FREE', 'UNPAID', 'VOID');

-- AlterTable
ALTER TABLE "agreements" ADD COLUMN     "refresh_token_cipher" TEXT,
ADD COLUMN     "refresh_token_expires_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "subscription_plans" (
    "id" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "interval_unit" "billing_interval" NOT NULL,
    "interval_count" INTEGER NOT NULL DEFAULT 1,
    "free_first_period" BOOLEAN NOT NULL DEFAULT false,
    "retry_schedule_hours" INTEGER[],
    "grace_hours" INTEGER NOT NULL DEFAULT 72,
    "allow_cancel_now" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "agreement_id" TEXT,
    "status" "subscription_status" NOT NULL DEFAULT 'PENDING',
    "idempotency_key" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'ar',
    "current_period" INTEGER NOT NULL DEFAULT 0,
    "current_period_end" TIMESTAMPTZ(3),
    "billing_anchor" TIMESTAMPTZ(3) NOT NULL,
    "anchor_period" INTEGER NOT NULL DEFAULT 1,
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "paused_at" TIMESTAMPTZ(3),
    "past_due_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "cancel_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscription_periods" (
    "id" TEXT NOT NULL,
    "subscription_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "subscription_period_status" NOT NULL DEFAULT 'SCHEDULED',
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "amount_fils" BIGINT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'IQD',
    "next_attempt_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "failed_tries" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "first_failed_at" TIMESTAMPTZ(3),
    "last_result_code" TEXT,
    "last_failure_kind" TEXT,
    "order_id" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_periods_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscription_plans_sku_key" ON "subscription_plans"("sku");

-- CreateIndex
CREATE INDEX "subscriptions_customer_id_created_at_idx" ON "subscriptions"("customer_id", "created_at");

-- CreateIndex
CREATE INDEX "subscriptions_status_created_at_id_idx" ON "subscriptions"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "subscriptions_plan_id_status_idx" ON "subscriptions"("plan_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_customer_id_idempotency_key_key" ON "subscriptions"("customer_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "subscription_periods_order_id_key" ON "subscription_periods"("order_id");

-- CreateIndex
CREATE INDEX "subscription_periods_status_next_attempt_at_idx" ON "subscription_periods"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "subscription_periods_subscription_id_number_key" ON "subscription_periods"("subscription_id", "number");

-- AddForeignKey
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_sku_fkey" FOREIGN KEY ("sku") REFERENCES "products"("sku") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "subscription_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_agreement_id_fkey" FOREIGN KEY ("agreement_id") REFERENCES "agreements"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- begin: sql only
-- One live subscription per customer and plan: two taps on "subscribe" with different keys must not
-- make two subscriptions charging the same customer twice.
CREATE UNIQUE INDEX "subscriptions_one_live_per_plan" ON "subscriptions" ("customer_id", "plan_id")
  WHERE status <> 'CANCELLED';

-- The billing scan's question, "which periods are due", on the few rows still open.
CREATE INDEX "subscription_periods_due_idx" ON "subscription_periods" ("next_attempt_at")
  WHERE status IN ('SCHEDULED', 'CHARGING');

ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_amount_positive" CHECK (amount_fils >= 0),
  ADD CONSTRAINT "subscription_periods_number_positive" CHECK (number >= 1);
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_interval_count_positive" CHECK (interval_count >= 1);
-- end: sql only
