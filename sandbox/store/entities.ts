// What the sandbox remembers. Amounts are BigInt fils in memory (the journal writes them as
// strings); times are sandbox-clock epoch milliseconds.
import type { ProductFlow } from "@/lib/wallet/product-codes";

type ResultStatus = "S" | "A" | "U" | "F";

export interface WalletResult {
  resultStatus: ResultStatus;
  resultCode: string;
  resultMessage: string;
}

type MerchantStatus = "NORMAL" | "RESTRICTED" | "CLOSED";

export interface Merchant {
  clientId: string;
  /** The key registered last (journals written before key versions were kept have only this). */
  publicKeyPem: string;
  /**
   * Every key registered, by the keyVersion the merchant names in its Signature header. Registering
   * a new version keeps the others, so a merchant can rotate its key without a moment of refusals.
   */
  publicKeys?: Record<string, string>;
  status: MerchantStatus;
  /** URL prefixes notify URLs must start with; empty = any http(s) URL. */
  notifyUrlAllowlist: string[];
  merchantId: string;
  merchantName: string;
  merchantNameArabic: string;
  merchantLogo: string;
  createdAt: number;
}

export const PERSONAS = ["normal", "low_balance", "restricted", "risk", "daily_limit"] as const;
type Persona = (typeof PERSONAS)[number];

export interface User {
  userId: string;
  persona: Persona;
  balance: bigint;
  loginId: string;
  fullName: string;
  firstName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  nationality: string;
  avatar: string;
  email: string;
  /** Spend of the current sandbox day (UTC), for the daily limits. */
  spentDay: string;
  spentToday: bigint;
  createdAt: number;
}

/** A user who authorized a merchant's mini program: a valid `referenceBuyerId` of that merchant. */
export interface Customer {
  key: string;
  clientId: string;
  userId: string;
  customerId: string;
  firstAuthorizedAt: number;
}

export interface AuthCode {
  authCode: string;
  userId: string;
  /** Bound to the mini program that asked for it; unset = any merchant may exchange it once. */
  clientId?: string;
  scopes: string[];
  /** Issued by the agreement page (walletSignContract). */
  agreement: boolean;
  createdAt: number;
  expiresAt: number;
  usedAt?: number;
  usedByClientId?: string;
}

export interface TokenSet {
  id: string;
  clientId: string;
  userId: string;
  customerId: string;
  scopes: string[];
  agreement: boolean;
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  refreshTokenExpiresAt: number;
  /** Set when the refresh token was exchanged: it is single-use (USED_REFRESH_TOKEN afterwards). */
  refreshUsedAt?: number;
  /** Set when the user withdrew the agreement in the wallet app: its tokens no longer pay or refresh. */
  revokedAt?: number;
  createdAt: number;
}

export interface AgreementLink {
  token: string;
  clientId: string;
  scopes: string[];
  contractDesc?: string;
  language?: string;
  createdAt: number;
  expiresAt: number;
  authorizedAt?: number;
  authorizedUserId?: string;
  authCode?: string;
}

export type PaymentStatus = "PROCESSING" | "SUCCESS" | "FAIL" | "CANCELLED" | "CLOSED";
type EscrowStage = "AWAITING_PAYMENT" | "PAID" | "ACCEPTED" | "CONFIRMED" | "CANCELLED" | "VOIDED";
export type TransactionType = "PAY" | "ACCEPT" | "CONFIRM" | "CANCEL" | "VOID" | "REFUND";
export type TransactionStatus = "PROCESSING" | "SUCCESS" | "FAIL";

export interface Transaction {
  transactionId: string;
  transactionType: TransactionType;
  transactionStatus: TransactionStatus;
  transactionAmount: bigint;
  transactionTime: number;
}

export interface Payment {
  paymentId: string;
  clientId: string;
  paymentRequestId: string;
  /** Canonical JSON of the first request: a different payload is REPEAT_REQ_INCONSISTENT. */
  fingerprint: string;
  flow: ProductFlow;
  productCode: string;
  amount: bigint;
  currency: string;
  orderDescription: string;
  referenceBuyerId?: string;
  /** The paying user (buyer of cashier/escrow payments, agreement holder of agreement payments). */
  userId?: string;
  paymentNotifyUrl?: string;
  voidNotifyUrl?: string;
  paymentRedirectUrl?: string;
  extendInfo?: string;
  status: PaymentStatus;
  /** The answer of `pay` (replayed to a repeated request). */
  payResult: WalletResult;
  /** Final outcome (paymentResult of the notification) once the payment left PROCESSING. */
  finalResult?: WalletResult;
  createdAt: number;
  expiresAt?: number;
  paidAt?: number;
  finishedAt?: number;
  /** PAYMENT_IN_PROCESS fault: when the deferred agreement payment completes. */
  completesAt?: number;
  escrowStage?: EscrowStage;
  acceptedAt?: number;
  confirm?: { confirmRequestId: string; confirmId: string; confirmTime: number; fingerprint: string };
  cancelTime?: number;
  voidedAmount: bigint;
  /** Refunds that succeeded or are still processing (the funds they reserve). */
  refundedAmount: bigint;
  transactions: Transaction[];
}

type RefundStatus = "PROCESSING" | "SUCCESS" | "FAIL";

export interface Refund {
  refundId: string;
  refundRequestId: string;
  clientId: string;
  paymentId: string;
  amount: bigint;
  currency: string;
  refundReason?: string;
  refundNotifyUrl?: string;
  extendInfo?: string;
  fingerprint: string;
  status: RefundStatus;
  /** REFUND fault or restricted user at completion time. */
  willFail: boolean;
  createdAt: number;
  completesAt: number;
  refundTime?: number;
  failReason?: string;
  transactionId: string;
  /** Last accepted inquiryRefund poll (rate limit). */
  lastPolledAt?: number;
}

export interface Void {
  key: string;
  voidId: string;
  voidRequestId: string;
  clientId: string;
  paymentId: string;
  amount: bigint;
  currency: string;
  fingerprint: string;
  voidTime: number;
}

export interface PushMessage {
  key: string;
  clientId: string;
  requestId: string;
  messageId: string;
  userId: string;
  templateCode: string;
  templates: unknown;
  sentAt: number;
}

export type NotificationKind = "payment" | "void" | "refund";
type NotificationStatus = "PENDING" | "DELIVERED" | "FAILED" | "DROPPED";

export interface DeliveryAttempt {
  attempt: number;
  /** Sandbox-clock time of the send. */
  at: number;
  copy: number;
  httpStatus?: number;
  error?: string;
  acknowledged: boolean;
  responseSnippet?: string;
  durationMs: number;
}

export interface Notification {
  id: string;
  kind: NotificationKind;
  clientId: string;
  url: string;
  /** The exact body text, fixed at creation so every retry sends the same bytes. */
  body: string;
  paymentId: string;
  subjectId: string;
  createdAt: number;
  status: NotificationStatus;
  /** Number of sends made so far (the schedule position). */
  sends: number;
  nextAttemptAt?: number;
  duplicate: boolean;
  attempts: DeliveryAttempt[];
}

export const FAULT_OUTCOMES = [
  "U",
  "PAYMENT_IN_PROCESS",
  "TIMEOUT",
  "DROP_NOTIFICATION",
  "DUPLICATE_NOTIFICATION",
  "DELAY_NOTIFICATION",
  "REFUND_FAIL",
] as const;
export type FaultOutcome = (typeof FAULT_OUTCOMES)[number];

export interface Fault {
  id: string;
  operation: string;
  outcome: FaultOutcome;
  remaining: number;
  clientId?: string;
  createdAt: number;
}

export interface ClockState {
  offsetMs: number;
}
