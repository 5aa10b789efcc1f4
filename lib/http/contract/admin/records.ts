// The records the operator console's API answers with, as the services read them from the database
// and lib/platform/json.ts writes them: BigInt fils as strings of digits, times as ISO 8601 (UTC), JSON
// columns as they were stored. Operators see a record whole, except what never leaves the server
// (tokens, password hashes).
import { z } from "zod";
import { API_KEY_REVOKE_REASONS, API_KEY_STATES } from "@/lib/operators/api-keys/api-key-state";
import { orderFlagSchema } from "@/lib/payments/orders/order-flags";
import {
  AlertChannel,
  type AlertMessage,
  AlertMessageStatus,
  type AlertRule,
  type ApiKey,
  type AuditEntry,
  DeliveryStatus,
  type EscrowOperation,
  EscrowOperationType,
  type Notification,
  NotificationKind,
  type NotificationRejection,
  NotificationStatus,
  OperationStatus,
  type Operator,
  type OperatorSession,
  type Order,
  OrderFlow,
  type OrderItem,
  OrderStatus,
  OutboundFailure,
  type Prisma,
  type Product,
  type Refund,
  type RefundRequest,
  RefundRequestKind,
  RefundRequestStatus,
  RefundStatus,
  type Role,
  type WebhookEndpoint,
} from "@/lib/platform/db";
import type { JsonOf } from "@/lib/platform/json";
import { QUEUE_NAMES, type QueueName } from "@/lib/platform/queue/definitions";
import type { QueueMetrics } from "@/lib/platform/queue/metrics";
import { fils, isoTime, rowId } from "../shared-schemas";

const time = isoTime;
const nullableText = z.string().nullable();

/**
 * Why it was flagged, as data: its kind and facts (attentionReason is their sentence). The schema
 * documents and checks the union; its type is widened to what Prisma says of a JSON column (any JSON),
 * as the rows the routes answer with are typed. The column only ever holds what flagColumns wrote.
 */
const attentionFlag = orderFlagSchema.nullable().meta({
  description: "Why it was flagged, as a kind and its facts; attentionReason says it in English.",
}) as unknown as z.ZodType<JsonOf<Prisma.JsonValue>>;
const count = z.number().int().nonnegative();
/**
 * A record's fields, each a schema: exactly its table's columns (less what never leaves the server),
 * so TypeScript refuses a record that misses a column schema.prisma added, or names one it dropped.
 */
type FieldsOf<Row> = { [Field in keyof Row]-?: z.ZodType };

/** A JSON column (jsonb), as stored. */
const storedJson = (description: string) => z.unknown().meta({ description });

/** A row of the order list (lib/console/orders/list-orders.ts ORDER_LIST_COLUMNS). */
/** A customer as the wallet described them (lib/customers/person.ts). */
export const personRecord = z
  .object({
    name: z.string().nullable().meta({ description: "As the wallet writes it, Arabic or Latin." }),
    phone: z.string().nullable().meta({ description: "As the wallet shows it: masked, e.g. +964****567." }),
    initials: z.string().nullable(),
  })
  .meta({ id: "AdminPerson" });

export const orderRow = z
  .object({
    id: rowId,
    createdAt: time,
    customerId: rowId,
    flow: z.enum(OrderFlow),
    status: z.enum(OrderStatus),
    amountFils: fils,
    currency: z.string(),
    refundedFils: fils.meta({
      description:
        "Reserved by every refund asked for (awaiting approval, in flight or confirmed): what can no " +
        "longer be refunded. What was refunded is confirmedRefundFils.",
    }),
    confirmedRefundFils: fils.meta({ description: "Refunds the wallet confirmed: the money is back." }),
    voidedFils: fils,
    paymentId: nullableText.meta({ description: "The wallet's id of the payment, once it answered." }),
    paymentRequestId: z.string().meta({ description: "Our id of the payment at the wallet (pay_…)." }),
    paidAt: time.nullable(),
    needsAttention: z.boolean(),
    attentionReason: nullableText,
    attentionFlag,
    person: personRecord
      .optional()
      .meta({ description: "The customer as a person; only for operators allowed to see personal data." }),
  })
  .meta({ id: "AdminOrderRow" });

/** A row of the order list: the order, and its refunds not yet confirmed, each by its own name. */
export const orderListRow = orderRow
  .extend({
    refundAwaitingApprovalFils: fils.meta({
      description: "Refund requests waiting for a second operator: nothing was sent to the wallet.",
    }),
    refundInFlightFils: fils.meta({
      description: "Refunds sent and not settled yet (processing or unknown): they may still fail.",
    }),
  })
  .meta({ id: "AdminOrderListRow" });

export const orderItem = z.object({
  id: rowId,
  orderId: rowId,
  sku: z.string(),
  name: z.string(),
  /** Null on lines written before the Arabic name was kept with the line. */
  nameArabic: z.string().nullable(),
  unitPriceFils: fils,
  quantity: z.number().int(),
} satisfies FieldsOf<OrderItem>);

/** What an operator sees of a customer everywhere (CUSTOMER_SUMMARY): never their tokens. */
export const customerSummary = z.object({
  id: rowId,
  walletCustomerId: z.string(),
  scopes: z.array(z.string()),
  needsReauthorization: z.boolean(),
  reauthorizationReason: nullableText,
  lastSeenAt: time.nullable(),
});

export const refundRecord = z
  .object({
    id: rowId,
    orderId: rowId,
    refundRequestId: z.string(),
    refundId: nullableText,
    amountFils: fils,
    currency: z.string(),
    reason: nullableText,
    status: z.enum(RefundStatus),
    failReason: nullableText,
    resultCode: nullableText,
    resultMessage: nullableText,
    requestedBy: z.string().meta({ description: "operator:<id>, or the service that asked." }),
    refundedAt: time.nullable(),
    pollStartedAt: time.nullable(),
    nextCheckAt: time.nullable(),
    checkAttempts: count,
    lastInquiryAt: time.nullable(),
    needsAttention: z.boolean(),
    attentionReason: nullableText,
    attentionFlag,
    attentionResolvedAt: time.nullable().meta({
      description:
        "When an operator last resolved a flag: a deadline flag is raised again only by a deadline passed after it.",
    }),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<Refund>)
  .meta({ id: "AdminRefund" });

/** A refund, cancel or void above its requester's limits, waiting for (or decided by) a second operator. */
export const refundRequestRecord = z
  .object({
    id: rowId.meta({
      description: "Also the id of the refund an approval sends (and so its wallet request id).",
    }),
    orderId: rowId,
    kind: z.enum(RefundRequestKind).meta({
      description:
        "REFUND: a refund of captured money; CANCEL / VOID: an escrow cancel or void, which gives held " +
        "money back and counts against the same limits. An approved cancel or void is the escrow " +
        "operation with this request's id.",
    }),
    amountFils: fils,
    reason: nullableText,
    status: z.enum(RefundRequestStatus),
    requestedBy: z.string().meta({ description: "operator:<id> who asked." }),
    decidedBy: nullableText.meta({
      description: "operator:<id> who approved or rejected it (never who asked, for an approval).",
    }),
    decidedAt: time.nullable(),
    decisionNote: nullableText,
    refundId: rowId.nullable().meta({ description: "The refund the approval sent." }),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<RefundRequest>)
  .meta({ id: "AdminRefundRequest" });

/** A role: what its operators may do, up to which refund amounts, and whether they need a second factor. */
export const roleRecord = z
  .object({
    key: z.string().meta({ examples: ["SUPPORT"] }),
    name: z.string(),
    builtIn: z.boolean(),
    permissions: z
      .array(z.string())
      .meta({ description: "Permission names (see the console's Roles page)." }),
    refundLimitFils: fils
      .nullable()
      .meta({ description: "Largest refund without approval; null: no limit." }),
    dailyRefundLimitFils: fils
      .nullable()
      .meta({ description: "Per operator per Baghdad day; null: no limit." }),
    requireSecondFactor: z.boolean(),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<Role>)
  .meta({ id: "AdminRole" });

export const escrowOperationRecord = z
  .object({
    id: rowId,
    orderId: rowId,
    type: z.enum(EscrowOperationType),
    requestId: z.string(),
    walletOperationId: nullableText,
    amountFils: fils.nullable().meta({ description: "Only for a partial void." }),
    status: z.enum(OperationStatus),
    resultCode: nullableText,
    resultMessage: nullableText,
    requestedBy: z.string(),
    completedAt: time.nullable(),
    nextCheckAt: time.nullable(),
    attempts: count,
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<EscrowOperation>)
  .meta({ id: "AdminEscrowOperation" });

/** The whole order row, as the order page shows it. */
export const orderRecord = orderRow.extend({
  productCode: z.string(),
  idempotencyKey: z.string().meta({ description: "The mini program's Idempotency-Key of the order." }),
  redirectionUrl: nullableText,
  paymentExpiresAt: time.nullable(),
  resultCode: nullableText,
  resultMessage: nullableText,
  note: nullableText,
  agreementId: rowId.nullable(),
  nextReconcileAt: time.nullable(),
  reconcileAttempts: count,
  expiryCheckedAt: time.nullable(),
  attentionResolvedAt: time.nullable().meta({
    description:
      "When an operator last resolved a flag: a deadline flag is raised again only by a deadline passed after it.",
  }),
  version: count,
  updatedAt: time,
} satisfies FieldsOf<Omit<Order, keyof typeof orderRow.shape>>);

export const notificationRecord = z
  .object({
    id: rowId,
    kind: z.enum(NotificationKind),
    dedupeKey: z.string(),
    rawBody: z.string().meta({ description: "The exact text received; its signature was verified over it." }),
    headers: storedJson("The signature headers received with it."),
    verified: z.boolean(),
    verifyError: nullableText,
    status: z.enum(NotificationStatus),
    orderId: rowId.nullable(),
    error: nullableText,
    receivedAt: time,
    processedAt: time.nullable(),
    prunedAt: time.nullable().meta({ description: "When the retention job emptied the body, if it has." }),
  } satisfies FieldsOf<Notification>)
  .meta({ id: "AdminNotification" });

export const notificationRejection = z.object({
  id: z.string().regex(/^\d+$/),
  bucket: time.meta({ description: "The hour these attempts were counted in." }),
  sourceAddress: z.string(),
  kind: z.enum(NotificationKind),
  reason: z.string(),
  count: count,
  firstSeenAt: time,
  lastSeenAt: time,
  sampleBody: z.string().meta({ description: "The first bytes of the latest attempt." }),
  sampleHeaders: storedJson("The latest attempt's headers."),
} satisfies FieldsOf<NotificationRejection>);

export const auditEntryRecord = z.object({
  id: rowId,
  operatorId: rowId,
  operatorEmail: z.string(),
  action: z.string().meta({ examples: ["order.refund", "product.update"] }),
  subjectType: z.string(),
  subjectId: z.string(),
  orderId: rowId.nullable(),
  before: storedJson("The record before the action (bigints as strings)."),
  after: storedJson("The record after it."),
  walletResult: storedJson("The wallet's answer, for actions that call the wallet."),
  requestKey: nullableText.meta({ description: "The Idempotency-Key of the request." }),
  apiKeyId: rowId
    .nullable()
    .meta({ description: "The API key the operator acted through; null for a signed-in session." }),
  createdAt: time,
} satisfies FieldsOf<AuditEntry>);

/** A console session that still stands (lib/operators/sessions/operator-sessions.ts). */
export const sessionRecord = z
  .object({
    id: rowId,
    operatorId: rowId,
    userAgent: nullableText.meta({
      description: "The browser or script that signed in (300 characters at most).",
    }),
    address: nullableText.meta({ description: "The client address it signed in from." }),
    createdAt: time.meta({ description: "When it signed in." }),
    lastSeenAt: time.meta({
      description: "When it was last used, to the minute: unused for OPERATOR_IDLE_MINUTES, it ends.",
    }),
    expiresAt: time.meta({
      description: "The end of its working day (OPERATOR_SESSION_HOURS after sign-in).",
    }),
    endedAt: time.nullable(),
    endedReason: nullableText.meta({
      description:
        "SIGNED_OUT, PASSWORD_CHANGED, ROLE_CHANGED, DISABLED, ENDED_BY_OPERATOR, SECOND_FACTOR_RESET or SECOND_FACTOR_ADDED.",
    }),
    current: z.boolean().meta({ description: "The session this request came in." }),
  } satisfies FieldsOf<OperatorSession & { current: boolean }>)
  .meta({ id: "AdminOperatorSession" });

const roleKey = z
  .string()
  .meta({ description: "A role's key (GET /api/admin/roles).", examples: ["SUPPORT"] });

/** An API key as lists show it: never its secret, nor the secret's hash. */
export const apiKeyRecord = z
  .object({
    id: rowId,
    name: z.string(),
    prefix: z.string().meta({
      description: "The secret's first characters, to tell keys apart.",
      examples: ["wmk_Q2x9Tz0k"],
    }),
    role: roleKey.meta({ description: "What the key may do (its role's key), at most what its maker may." }),
    operatorId: rowId.meta({ description: "The ADMIN who made it; the key acts for them." }),
    createdBy: z.string().meta({ description: "Their e-mail." }),
    expiresAt: time,
    lastUsedAt: time.nullable().meta({ description: "Kept to the minute." }),
    revokedAt: time.nullable(),
    revokedReason: nullableText.meta({
      description:
        "Why it was revoked: BY_OPERATOR (on the API keys page), or with its maker's troubles — their " +
        "password changed, their second factor reset, their sessions ended by an admin, or they were disabled " +
        `(${API_KEY_REVOKE_REASONS.join(", ")}).`,
    }),
    createdAt: time,
    state: z.enum(API_KEY_STATES).meta({
      description:
        "SUSPENDED: its maker's role requires a second factor they have not set up; it answers 403 " +
        "API_KEY_SUSPENDED until they do, then works again.",
    }),
  } satisfies FieldsOf<Omit<ApiKey, "secretHash"> & { createdBy: string; state: string }>)
  .meta({ id: "AdminApiKey" });

/** An operator, never with the password hash. */
export const operatorRecord = z
  .object({
    id: rowId,
    email: z.string(),
    name: z.string(),
    role: roleKey,
    lastLoginAt: time.nullable(),
    failedSignIns: count,
    totpEnabledAt: time.nullable().meta({ description: "Since when two-step sign-in is on; null when off." }),
    disabledAt: time.nullable(),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<Omit<Operator, "passwordHash" | "totpSecret" | "totpLastStep">>)
  .meta({ id: "AdminOperator" });

export const productRecord = z
  .object({
    id: rowId,
    sku: z.string(),
    name: z.string(),
    nameArabic: z.string(),
    priceFils: fils,
    currency: z.string(),
    active: z.boolean(),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<Product>)
  .meta({ id: "AdminProduct" });

export const queueMetrics = z.object({
  queue: z.enum(QUEUE_NAMES as [QueueName, ...QueueName[]]),
  waiting: count,
  active: count,
  delayed: count,
  failed: count,
  completed: count,
  oldestWaitingAgeMs: count.nullable().meta({ description: "null when no job waits." }),
}) satisfies z.ZodType<QueueMetrics>;

/** Keyset pages: pass nextCursor as `after` for the next page; null on the last one. */
export const nextCursor = z
  .string()
  .nullable()
  .meta({ description: "`after` of the next page; null at the end." });

/** A webhook endpoint as the console shows it: never its signing secret. */
export const webhookEndpointRecord = z
  .object({
    id: rowId,
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()).meta({ description: "The event types it receives; empty means every type." }),
    enabled: z.boolean(),
    disabledReason: nullableText.meta({
      description:
        "Why we turned it off: API_KEY_REVOKED (the API key that made it was revoked), or a sentence when " +
        "it failed for too long; null when an operator turned it off. Turning it on clears it.",
    }),
    failingSince: time
      .nullable()
      .meta({ description: "Start of its current run of failures; null while it answers." }),
    createdBy: z.string().meta({ description: "The ADMIN's e-mail." }),
    createdByApiKeyId: rowId.nullable().meta({
      description: "The API key it was made with, if any: revoking that key turns it off.",
    }),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<Omit<WebhookEndpoint, "secretCipher">>)
  .meta({ id: "AdminWebhookEndpoint" });

/** How a webhook or chat message failed: a fixed list, kept instead of the receiver's answer. */
const outboundFailure = z
  .enum(OutboundFailure)
  .nullable()
  .meta({
    description:
      "How the request failed, as a fixed classification (REFUSED_ADDRESS: the host is not a public address; " +
      "REDIRECT: redirects are not followed; HTTP_STATUS: an answer outside 2xx; ...); null after a success.",
  });

/** One event to one hook or endpoint, with its latest attempt: a line of a delivery log. */
export const deliveryRecord = z
  .object({
    id: rowId,
    eventId: rowId.meta({
      description: "The event's id: `webhook-id` of every attempt, the receiver's dedupe key.",
    }),
    eventType: z.string(),
    orderId: rowId.nullable(),
    targetKind: z.enum(["HOOK", "WEBHOOK"]),
    target: z.string().meta({ description: "The hook's name, or the endpoint's id." }),
    targetName: z.string().meta({ description: "The hook's name, or the endpoint's URL." }),
    status: z.enum(DeliveryStatus),
    attempts: count,
    nextAttemptAt: time.nullable().meta({ description: "When it is tried next, while PENDING." }),
    lastError: nullableText.meta({
      description: "A hook's error, or a webhook's failure in fixed words (never its receiver's answer).",
    }),
    lastFailure: outboundFailure,
    deliveredAt: time.nullable(),
    createdAt: time,
    lastAttempt: z
      .object({
        attempt: count,
        ok: z.boolean(),
        statusCode: z.number().int().nullable(),
        latencyMs: count,
        request: z
          .object({ url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() })
          .nullable()
          .meta({ description: "Webhooks: the request as sent, signature included." }),
        failure: outboundFailure,
        response: nullableText.meta({
          description: "Hooks: the hook's error. Webhooks: always null; a receiver's answer is never kept.",
        }),
        at: time,
      })
      .nullable(),
  })
  .meta({ id: "AdminEventDelivery" });

/** An alert rule: which events, to whom, how they are folded. */
export const alertRuleRecord = z
  .object({
    id: rowId,
    eventType: z.string().meta({ examples: ["payment.unknown"] }),
    channel: z.enum(AlertChannel),
    target: z.string().meta({ description: "The e-mail address, or the chat webhook's URL." }),
    chatFormat: nullableText.meta({ description: "CHAT: slack, discord, telegram or json." }),
    foldSeconds: count,
    enabled: z.boolean(),
    disabledReason: nullableText.meta({
      description:
        "Why we turned it off: API_KEY_REVOKED (the API key that made it was revoked); null when an " +
        "operator turned it off. Turning it on clears it.",
    }),
    createdBy: z.string(),
    createdByApiKeyId: rowId.nullable().meta({
      description: "The API key it was made with, if any: revoking that key turns it off.",
    }),
    createdAt: time,
    updatedAt: time,
  } satisfies FieldsOf<AlertRule>)
  .meta({ id: "AdminAlertRule" });

/** A message an alert rule sent, or is sending. */
export const alertMessageRecord = z
  .object({
    id: rowId,
    ruleId: rowId,
    dedupeKey: nullableText.meta({ description: "Daily summaries: the rule and day it reports." }),
    subject: z.string(),
    body: z.string(),
    eventCount: count.meta({ description: "Events folded into it (0 for a daily summary)." }),
    status: z.enum(AlertMessageStatus),
    attempts: count,
    lastError: nullableText.meta({
      description:
        "E-mail: the SMTP error. Chat: the failure in fixed words (never the chat service's answer).",
    }),
    lastFailure: outboundFailure,
    lastStatusCode: z.number().int().nullable().meta({ description: "Chat: the last try's HTTP status." }),
    lastLatencyMs: count.nullable().meta({ description: "How long the last try took." }),
    sentAt: time.nullable(),
    createdAt: time,
    rule: z.object({ eventType: z.string(), channel: z.enum(AlertChannel), target: z.string() }),
  } satisfies FieldsOf<AlertMessage & { rule: unknown }>)
  .meta({ id: "AdminAlertMessage" });
