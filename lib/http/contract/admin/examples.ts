// One story told by the operator console's examples: a customer paid 12,000 IQD for dates at the
// cashier, an operator refunded 5,000 IQD of it for a damaged box, and an escrow order for a mug
// waits to be accepted. The records are typed by their schemas, so an example cannot drift from them.
import type { z } from "zod";
import type { Permission } from "@/lib/operators/roles/permissions";
import type {
  auditEntryRecord,
  customerSummary,
  escrowOperationRecord,
  notificationRecord,
  operatorRecord,
  orderRecord,
  orderRow,
  productRecord,
  refundRecord,
} from "./records";

export const ORDER_ID = "0193a5d2-7c41-7b3e-9f20-5c8d1e6a4b70";
export const ESCROW_ORDER_ID = "0193a5d8-02b6-7f1c-8e45-1a9c3d7b6e21";
export const CUSTOMER_ID = "0193a5c9-1f0e-7a62-8d4b-2e7f90c3a512";
const REFUND_ID = "0193a600-0c2a-7d11-b0e4-c6f3a1d2e3f4";
const OPERATION_ID = "0193a5f1-0a2c-7e48-b5f7-93c4d61e2a88";
export const NOTIFICATION_ID = "0193a5d3-5b7e-7a90-9c12-4e8f6a2b1d03";
export const OPERATOR_ID = "0193a4f0-3e21-7b55-a8c9-0d6e2f4a7b19";
export const ADMIN_ID = "0193a4ee-9a10-7c3d-b2f8-5e1a7c9d3f42";
export const PRODUCT_ID = "0193a4e1-6d2f-7e08-91b3-8c4a5f2e7d60";
const AUDIT_ENTRY_ID = "0193a600-0d11-7f3a-8b62-3e9c1a4d5f07";
export const ITEM_ID = "0193a5d2-7c42-7a01-b3c8-6f2e9d1a4c55";
/** An id no record has. */
export const MISSING_ID = "0193a5ff-ffff-7fff-bfff-ffffffffffff";

export const PAYMENT_REQUEST_ID = "pay_0193a5d27c417b3e9f205c8d1e6a4b70";
export const PAYMENT_ID = "20261122111212800100166000000001";
const ESCROW_PAYMENT_ID = "20261122111530800100166000000007";
const WALLET_CUSTOMER_ID = "2188000000000001";
export const IDEMPOTENCY_KEY = "dialog-5f0c2a9e-1";
/** The cursor after the paid order: its createdAt and id, base64url (lib/platform/db/keyset.ts). */
export const PAID_ORDER_CURSOR =
  "MjAyNi0xMS0yMlQwOTozMDowMC4wMDBafDAxOTNhNWQyLTdjNDEtN2IzZS05ZjIwLTVjOGQxZTZhNGI3MA";

export const CREATED_AT = "2026-11-22T09:30:00.000Z";
export const PAID_AT = "2026-11-22T09:31:12.000Z";
const REFUNDED_AT = "2026-11-22T10:05:03.000Z";

export const paidOrderRow = {
  id: ORDER_ID,
  createdAt: CREATED_AT,
  customerId: CUSTOMER_ID,
  flow: "CASHIER",
  status: "PAID",
  amountFils: "12000000",
  currency: "IQD",
  refundedFils: "0",
  confirmedRefundFils: "0",
  voidedFils: "0",
  paymentId: PAYMENT_ID,
  paymentRequestId: PAYMENT_REQUEST_ID,
  paidAt: PAID_AT,
  needsAttention: false,
  attentionReason: null,
  attentionFlag: null,
} satisfies z.input<typeof orderRow>;

export const escrowOrderRow = {
  ...paidOrderRow,
  id: ESCROW_ORDER_ID,
  createdAt: "2026-11-22T09:45:00.000Z",
  flow: "ESCROW",
  amountFils: "9000000",
  paymentId: ESCROW_PAYMENT_ID,
  paymentRequestId: "pay_0193a5d802b67f1c8e451a9c3d7b6e21",
  paidAt: "2026-11-22T09:46:20.000Z",
} satisfies z.input<typeof orderRow>;

export const paidOrderRecord = {
  ...paidOrderRow,
  productCode: "51051000101000000011",
  idempotencyKey: "checkout-5f0c2a9e-1",
  redirectionUrl: "https://wallet.example/cashier/pay/20261122111212800100166000000001",
  paymentExpiresAt: "2026-11-22T09:45:00.000Z",
  resultCode: "SUCCESS",
  resultMessage: "success",
  note: null,
  agreementId: null,
  nextReconcileAt: null,
  reconcileAttempts: 0,
  expiryCheckedAt: null,
  attentionResolvedAt: null,
  version: 2,
  updatedAt: PAID_AT,
} satisfies z.input<typeof orderRecord>;

export const customerExample = {
  id: CUSTOMER_ID,
  walletCustomerId: WALLET_CUSTOMER_ID,
  scopes: ["USER_ID", "auth_base"],
  needsReauthorization: false,
  reauthorizationReason: null,
  lastSeenAt: "2026-11-22T09:29:41.000Z",
} satisfies z.input<typeof customerSummary>;

export const refundExample = {
  id: REFUND_ID,
  orderId: ORDER_ID,
  refundRequestId: "refund_0193a6000c2a7d11b0e4c6f3a1d2e3f4",
  refundId: "20261122111212800100166000000031",
  amountFils: "5000000",
  currency: "IQD",
  reason: "one box damaged",
  status: "SUCCESS",
  failReason: null,
  resultCode: "SUCCESS",
  resultMessage: "success",
  requestedBy: `operator:${OPERATOR_ID}`,
  refundedAt: REFUNDED_AT,
  pollStartedAt: null,
  nextCheckAt: null,
  checkAttempts: 0,
  lastInquiryAt: null,
  needsAttention: false,
  attentionReason: null,
  attentionFlag: null,
  attentionResolvedAt: null,
  createdAt: "2026-11-22T10:05:02.000Z",
  updatedAt: REFUNDED_AT,
} satisfies z.input<typeof refundRecord>;

export const acceptOperationExample = {
  id: OPERATION_ID,
  orderId: ESCROW_ORDER_ID,
  type: "ACCEPT",
  requestId: "accept_0193a5f10a2c7e48b5f793c4d61e2a88",
  walletOperationId: null,
  amountFils: null,
  status: "SUCCESS",
  resultCode: "SUCCESS",
  resultMessage: "success",
  requestedBy: `operator:${OPERATOR_ID}`,
  completedAt: "2026-11-22T10:12:01.000Z",
  nextCheckAt: null,
  attempts: 1,
  createdAt: "2026-11-22T10:12:00.000Z",
  updatedAt: "2026-11-22T10:12:01.000Z",
} satisfies z.input<typeof escrowOperationRecord>;

export const notificationExample = {
  id: NOTIFICATION_ID,
  kind: "PAYMENT",
  dedupeKey: `payment:${PAYMENT_ID}:SUCCESS`,
  rawBody: `{"paymentId":"${PAYMENT_ID}","paymentRequestId":"${PAYMENT_REQUEST_ID}","paymentStatus":"SUCCESS"}`,
  headers: { "client-id": "2020123456789", "request-time": "2026-11-22T12:31:12+03:00" },
  verified: true,
  verifyError: null,
  status: "APPLIED",
  orderId: ORDER_ID,
  error: null,
  receivedAt: "2026-11-22T09:31:13.000Z",
  processedAt: "2026-11-22T09:31:13.000Z",
  prunedAt: null,
} satisfies z.input<typeof notificationRecord>;

export const operatorExample = {
  id: OPERATOR_ID,
  email: "layla@shop.example",
  name: "Layla Hassan",
  role: "FINANCE",
  lastLoginAt: "2026-11-22T08:02:10.000Z",
  failedSignIns: 0,
  totpEnabledAt: null,
  disabledAt: null,
  createdAt: "2026-11-01T07:00:00.000Z",
  updatedAt: "2026-11-22T08:02:10.000Z",
} satisfies z.input<typeof operatorRecord>;

export const productExample = {
  id: PRODUCT_ID,
  sku: "DATES",
  name: "Barhi dates, 1 kg",
  nameArabic: "تمر برحي ١ كغ",
  priceFils: "12000000",
  currency: "IQD",
  active: true,
  createdAt: "2026-11-01T07:00:00.000Z",
  updatedAt: "2026-11-01T07:00:00.000Z",
} satisfies z.input<typeof productRecord>;

export const refundAuditEntry = {
  id: AUDIT_ENTRY_ID,
  operatorId: OPERATOR_ID,
  operatorEmail: operatorExample.email,
  action: "order.refund",
  subjectType: "REFUND",
  subjectId: REFUND_ID,
  orderId: ORDER_ID,
  before: { id: ORDER_ID, status: "PAID", flow: "CASHIER", amountFils: "12000000", refundedFils: "0" },
  after: { refund: { id: REFUND_ID, amountFils: "5000000", reason: "one box damaged" } },
  walletResult: { status: "SUCCESS", resultCode: "SUCCESS" },
  requestKey: IDEMPOTENCY_KEY,
  apiKeyId: null,
  createdAt: "2026-11-22T10:05:02.000Z",
} satisfies z.input<typeof auditEntryRecord>;

/** The answer to an operator whose role lacks the permission the endpoint needs. */
export function permissionMissing(needed: Permission, roleName: string) {
  return {
    status: 403,
    body: {
      error: {
        code: "FORBIDDEN",
        message: `This needs the ${needed} permission, which your role (${roleName}) does not have.`,
      },
    },
  } as const;
}

/** The answer to a caller with no session (or a disabled operator's) and no API key. */
export const signedOut = {
  status: 401,
  body: {
    error: { code: "UNAUTHENTICATED", message: "Sign in to the operator console first (/admin/sign-in)." },
  },
} as const;
