-- CreateEnum
CREATE TYPE "order_flow" AS ENUM ('CASHIER', 'ESCROW', 'AGREEMENT');

-- CreateEnum
CREATE TYPE "order_status" AS ENUM ('CREATED', 'PENDING', 'PAID', 'FAILED', 'UNKNOWN', 'CLOSED', 'ACCEPTED', 'CONFIRMED', 'CANCELLED', 'VOIDED');

-- CreateEnum
CREATE TYPE "refund_status" AS ENUM ('CREATED', 'PROCESSING', 'SUCCESS', 'FAIL', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "escrow_operation_type" AS ENUM ('ACCEPT', 'CONFIRM', 'CANCEL', 'VOID');

-- CreateEnum
CREATE TYPE "operation_status" AS ENUM ('CREATED', 'SUCCESS', 'FAIL', 'UNKNOWN', 'RETRY');

-- CreateEnum
CREATE TYPE "agreement_status" AS ENUM ('PREPARED', 'ACTIVE', 'REVOKED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "notification_kind" AS ENUM ('PAYMENT', 'VOID', 'REFUND');

-- CreateEnum
CREATE TYPE "notification_status" AS ENUM ('RECEIVED', 'APPLIED', 'REJECTED', 'IGNORED');

-- CreateEnum
CREATE TYPE "push_status" AS ENUM ('CREATED', 'SENT', 'FAILED', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "operator_role" AS ENUM ('VIEWER', 'OPERATOR', 'ADMIN');

-- CreateTable
CREATE TABLE "customers" (
    "id" TEXT NOT NULL,
    "wallet_customer_id" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "profile" JSONB,
    "needs_reauthorization" BOOLEAN NOT NULL DEFAULT false,
    "reauthorization_reason" TEXT,
    "last_seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_tokens" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "access_token_cipher" TEXT NOT NULL,
    "access_token_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "refresh_token_cipher" TEXT NOT NULL,
    "refresh_token_expires_at" TIMESTAMPTZ(3),
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "version" INTEGER NOT NULL DEFAULT 0,
    "refreshed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "wallet_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "products" (
    "id" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_arabic" TEXT NOT NULL,
    "price_fils" BIGINT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'IQD',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "flow" "order_flow" NOT NULL,
    "product_code" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_fils" BIGINT NOT NULL,
    "status" "order_status" NOT NULL DEFAULT 'CREATED',
    "idempotency_key" TEXT NOT NULL,
    "payment_request_id" TEXT NOT NULL,
    "payment_id" TEXT,
    "redirection_url" TEXT,
    "payment_expires_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "result_code" TEXT,
    "result_message" TEXT,
    "voided_fils" BIGINT NOT NULL DEFAULT 0,
    "refunded_fils" BIGINT NOT NULL DEFAULT 0,
    "note" TEXT,
    "agreement_id" TEXT,
    "needs_attention" BOOLEAN NOT NULL DEFAULT false,
    "attention_reason" TEXT,
    "next_reconcile_at" TIMESTAMPTZ(3),
    "reconcile_attempts" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_items" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "unit_price_fils" BIGINT NOT NULL,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_events" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "from_status" "order_status",
    "to_status" "order_status",
    "type" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "refund_request_id" TEXT NOT NULL,
    "refund_id" TEXT,
    "amount_fils" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT,
    "status" "refund_status" NOT NULL DEFAULT 'CREATED',
    "fail_reason" TEXT,
    "result_code" TEXT,
    "result_message" TEXT,
    "requested_by" TEXT NOT NULL,
    "refunded_at" TIMESTAMPTZ(3),
    "poll_started_at" TIMESTAMPTZ(3),
    "next_check_at" TIMESTAMPTZ(3),
    "check_attempts" INTEGER NOT NULL DEFAULT 0,
    "needs_attention" BOOLEAN NOT NULL DEFAULT false,
    "attention_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "escrow_operations" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "type" "escrow_operation_type" NOT NULL,
    "request_id" TEXT NOT NULL,
    "wallet_operation_id" TEXT,
    "amount_fils" BIGINT,
    "status" "operation_status" NOT NULL DEFAULT 'CREATED',
    "result_code" TEXT,
    "result_message" TEXT,
    "requested_by" TEXT NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "next_check_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "escrow_operations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agreements" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "status" "agreement_status" NOT NULL DEFAULT 'PREPARED',
    "authorization_url" TEXT,
    "payment_auth_code_cipher" TEXT,
    "payment_auth_code_expires_at" TIMESTAMPTZ(3),
    "wallet_customer_id" TEXT,
    "bound_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agreements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_calls" (
    "id" BIGSERIAL NOT NULL,
    "operation" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "request_key" TEXT,
    "order_id" TEXT,
    "refund_id" TEXT,
    "outcome" TEXT,
    "result_code" TEXT,
    "http_status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error_kind" TEXT,
    "request_body" JSONB NOT NULL,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "kind" "notification_kind" NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "raw_body" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "verified" BOOLEAN NOT NULL,
    "verify_error" TEXT,
    "status" "notification_status" NOT NULL DEFAULT 'RECEIVED',
    "order_id" TEXT,
    "error" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push_messages" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "template_code" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" "push_status" NOT NULL DEFAULT 'CREATED',
    "message_id" TEXT,
    "result_code" TEXT,
    "result_message" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "push_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operators" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" "operator_role" NOT NULL DEFAULT 'VIEWER',
    "last_login_at" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "operators_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "customers_wallet_customer_id_key" ON "customers"("wallet_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_tokens_customer_id_key" ON "wallet_tokens"("customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "products_sku_key" ON "products"("sku");

-- CreateIndex
CREATE UNIQUE INDEX "orders_payment_request_id_key" ON "orders"("payment_request_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_payment_id_key" ON "orders"("payment_id");

-- CreateIndex
CREATE INDEX "orders_status_created_at_idx" ON "orders"("status", "created_at");

-- CreateIndex
CREATE INDEX "orders_customer_id_created_at_idx" ON "orders"("customer_id", "created_at");

-- CreateIndex
CREATE INDEX "orders_needs_attention_created_at_idx" ON "orders"("needs_attention", "created_at");

-- CreateIndex
CREATE INDEX "orders_status_next_reconcile_at_idx" ON "orders"("status", "next_reconcile_at");

-- CreateIndex
CREATE INDEX "orders_agreement_id_idx" ON "orders"("agreement_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_customer_id_idempotency_key_key" ON "orders"("customer_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "order_items_order_id_idx" ON "order_items"("order_id");

-- CreateIndex
CREATE INDEX "order_events_order_id_created_at_idx" ON "order_events"("order_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_refund_request_id_key" ON "refunds"("refund_request_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_refund_id_key" ON "refunds"("refund_id");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- CreateIndex
CREATE INDEX "refunds_status_next_check_at_idx" ON "refunds"("status", "next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "escrow_operations_request_id_key" ON "escrow_operations"("request_id");

-- CreateIndex
CREATE INDEX "escrow_operations_order_id_created_at_idx" ON "escrow_operations"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "escrow_operations_status_next_check_at_idx" ON "escrow_operations"("status", "next_check_at");

-- CreateIndex
CREATE INDEX "agreements_customer_id_status_idx" ON "agreements"("customer_id", "status");

-- CreateIndex
CREATE INDEX "wallet_calls_order_id_created_at_idx" ON "wallet_calls"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "wallet_calls_operation_created_at_idx" ON "wallet_calls"("operation", "created_at");

-- CreateIndex
CREATE INDEX "wallet_calls_request_key_idx" ON "wallet_calls"("request_key");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_dedupe_key_key" ON "notifications"("dedupe_key");

-- CreateIndex
CREATE INDEX "notifications_status_received_at_idx" ON "notifications"("status", "received_at");

-- CreateIndex
CREATE INDEX "notifications_order_id_idx" ON "notifications"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "push_messages_request_id_key" ON "push_messages"("request_id");

-- CreateIndex
CREATE INDEX "push_messages_customer_id_created_at_idx" ON "push_messages"("customer_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "operators_email_key" ON "operators"("email");

-- AddForeignKey
ALTER TABLE "wallet_tokens" ADD CONSTRAINT "wallet_tokens_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_agreement_id_fkey" FOREIGN KEY ("agreement_id") REFERENCES "agreements"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "escrow_operations" ADD CONSTRAINT "escrow_operations_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

