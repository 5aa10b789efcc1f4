// The columns of `orders` as the fields of Prisma's Order type, for the few hand-written statements on
// the hot path (insert-order.ts, write-order-transition.ts): the outbox payload reads their row by
// these names, and the status change returns it in the shape the rest of the code reads, so nobody
// reads it back. Checked against Order by the compiler
// (`satisfies`), and against a Prisma read of the same row by test/integration/orders/order-sql.test.ts.
import { type Order, Prisma } from "@/lib/platform/db";

const COLUMN_OF_FIELD = {
  id: "id",
  customerId: "customer_id",
  flow: "flow",
  productCode: "product_code",
  currency: "currency",
  amountFils: "amount_fils",
  status: "status",
  idempotencyKey: "idempotency_key",
  paymentRequestId: "payment_request_id",
  paymentId: "payment_id",
  redirectionUrl: "redirection_url",
  paymentExpiresAt: "payment_expires_at",
  paidAt: "paid_at",
  resultCode: "result_code",
  resultMessage: "result_message",
  voidedFils: "voided_fils",
  refundedFils: "refunded_fils",
  confirmedRefundFils: "confirmed_refund_fils",
  note: "note",
  agreementId: "agreement_id",
  needsAttention: "needs_attention",
  attentionReason: "attention_reason",
  attentionFlag: "attention_flag",
  attentionResolvedAt: "attention_resolved_at",
  nextReconcileAt: "next_reconcile_at",
  reconcileAttempts: "reconcile_attempts",
  expiryCheckedAt: "expiry_checked_at",
  version: "version",
  createdAt: "created_at",
  updatedAt: "updated_at",
} as const satisfies Record<keyof Order, string>;

/** `id AS "id", customer_id AS "customerId", ...`: a RETURNING or SELECT list that reads as an Order. */
export const ORDER_COLUMNS = Prisma.raw(
  Object.entries(COLUMN_OF_FIELD)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(", "),
);
