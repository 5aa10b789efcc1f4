// Proves prisma/schema.prisma and the SQL in prisma/migrations agree: against a database built only
// from the migrations, every model is written with every scalar field set and read back unchanged.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AlertRule,
  type AuditEntry,
  type Customer,
  type EventDelivery,
  type Operator,
  type Order,
  type OutboxEvent,
  Prisma,
  type PushMessage,
  type Subscription,
  type SubscriptionPlan,
} from "@/generated/prisma/client";
import * as enums from "@/generated/prisma/enums";
import { BUILT_IN_ROLES } from "@/lib/operators/roles/built-in-roles";
import { createTestDatabase, type TestDatabase } from "../../support/database";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

// Beyond Number.MAX_SAFE_INTEGER (2^53 - 1): a driver or column that went through a JS number
// would round these.
const BEYOND_2_53 = 2n ** 53n + 1n;
const INT8_MAX = 2n ** 63n - 1n;
// Large enough to hold the voided and refunded totals below (the money CHECK constraints).
const ORDER_AMOUNT = 3n * BEYOND_2_53;

// Distinct instants with milliseconds, the precision of the timestamptz(3) columns.
let clock = Date.parse("2026-03-01T08:00:00.123Z");
const at = () => {
  clock += 60_001;
  return new Date(clock);
};
const id = () => randomUUID();

const scalarFields = {
  Customer: Prisma.CustomerScalarFieldEnum,
  WalletToken: Prisma.WalletTokenScalarFieldEnum,
  Product: Prisma.ProductScalarFieldEnum,
  Order: Prisma.OrderScalarFieldEnum,
  OrderItem: Prisma.OrderItemScalarFieldEnum,
  OrderEvent: Prisma.OrderEventScalarFieldEnum,
  Refund: Prisma.RefundScalarFieldEnum,
  EscrowOperation: Prisma.EscrowOperationScalarFieldEnum,
  Agreement: Prisma.AgreementScalarFieldEnum,
  WalletCall: Prisma.WalletCallScalarFieldEnum,
  Notification: Prisma.NotificationScalarFieldEnum,
  PushMessage: Prisma.PushMessageScalarFieldEnum,
  Operator: Prisma.OperatorScalarFieldEnum,
  NotificationRejection: Prisma.NotificationRejectionScalarFieldEnum,
  CustomerEvent: Prisma.CustomerEventScalarFieldEnum,
  AuditEntry: Prisma.AuditEntryScalarFieldEnum,
  AdminRequest: Prisma.AdminRequestScalarFieldEnum,
  ApiKey: Prisma.ApiKeyScalarFieldEnum,
  OperatorSession: Prisma.OperatorSessionScalarFieldEnum,
  RecoveryCode: Prisma.RecoveryCodeScalarFieldEnum,
  OutboxEvent: Prisma.OutboxEventScalarFieldEnum,
  EventDelivery: Prisma.EventDeliveryScalarFieldEnum,
  DeliveryAttempt: Prisma.DeliveryAttemptScalarFieldEnum,
  OutboxDedupeKey: Prisma.OutboxDedupeKeyScalarFieldEnum,
  NotificationDedupeKey: Prisma.NotificationDedupeKeyScalarFieldEnum,
  WebhookEndpoint: Prisma.WebhookEndpointScalarFieldEnum,
  AlertRule: Prisma.AlertRuleScalarFieldEnum,
  AlertMessage: Prisma.AlertMessageScalarFieldEnum,
  AlertEvent: Prisma.AlertEventScalarFieldEnum,
  Role: Prisma.RoleScalarFieldEnum,
  RefundRequest: Prisma.RefundRequestScalarFieldEnum,
  Passkey: Prisma.PasskeyScalarFieldEnum,
  SubscriptionPlan: Prisma.SubscriptionPlanScalarFieldEnum,
  Subscription: Prisma.SubscriptionScalarFieldEnum,
  SubscriptionPeriod: Prisma.SubscriptionPeriodScalarFieldEnum,
} satisfies Record<Prisma.ModelName, Record<string, string>>;

/** Every scalar field of the model is present and not null, so the round trip covers all columns. */
function expectEveryField(model: Prisma.ModelName, row: object): void {
  expect(Object.keys(row).sort(), `${model}: fields set`).toEqual(Object.keys(scalarFields[model]).sort());
  for (const [field, value] of Object.entries(row)) {
    expect(value, `${model}.${field}`).not.toBeNull();
    expect(value, `${model}.${field}`).not.toBeUndefined();
  }
}

/**
 * A row with every field given, to create and read back by id: both must equal it field by field.
 * The row is built when the file loads; Prisma is reached only when the case runs.
 */
type PrimaryKey<T> = T extends { id: infer I }
  ? I
  : T extends { key: infer K }
    ? K
    : T extends { dedupeKey: infer D }
      ? D
      : never;

function roundTripCase<T extends { id: string | bigint } | { key: string } | { dedupeKey: string }>(
  model: Prisma.ModelName,
  row: T,
  create: (data: T) => Promise<unknown>,
  read: (id: PrimaryKey<T>) => Promise<unknown>,
) {
  return {
    model,
    async run() {
      expectEveryField(model, row);
      expect(await create(row), `${model} as returned by create`).toEqual(row);
      const primaryKey = ("id" in row ? row.id : "key" in row ? row.key : row.dedupeKey) as PrimaryKey<T>;
      expect(await read(primaryKey), `${model} as read back`).toEqual(row);
    },
  };
}

// Json columns take an input type that excludes null; every row here sets them to objects.
const json = <T>(value: T) => value as unknown as Prisma.InputJsonValue;

// The round trips create these rows, in order; the later tests of this file build on them.
const customerId = id();
const orderId = id();
const agreementId = id();
const operatorId = id();
const apiKeyId = id();
const roleKey = `ROUND_TRIP_${id().slice(0, 8).toUpperCase()}`;
const refundId = id();
const outboxEventId = id();
// The event's time: its deliveries and their attempts live in its month and carry it.
const outboxEventAt = new Date(Date.UTC(2026, 10, 27, 12));
const deliveryId = id();
const alertRuleId = id();
const alertMessageId = id();
const planId = id();
const planSku = `PLAN-${id()}`;
const subscriptionId = id();

/** Every model with every scalar field set, in the order their foreign keys need. */
const ROUND_TRIPS = [
  roundTripCase(
    "Customer",
    {
      id: customerId,
      walletCustomerId: `wallet-${id()}`,
      scopes: ["auth_base", "USER_ID", "USER_NAME"],
      profile: { userId: "2160000000001", userName: { fullName: "Ali Hassan" }, loginIdInfos: [] },
      needsReauthorization: true,
      reauthorizationReason: "REFRESH_TOKEN_EXPIRED",
      lastSeenAt: at(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.customer.create({ data: { ...data, profile: json(data.profile) } }),
    (key) => db.prisma.customer.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "WalletToken",
    {
      id: id(),
      customerId,
      accessTokenCipher: "v1.aaa.bbb.ccc",
      accessTokenExpiresAt: at(),
      refreshTokenCipher: "v1.ddd.eee.fff",
      refreshTokenExpiresAt: at(),
      scopes: ["USER_ID"],
      version: 7,
      refreshedAt: at(),
      refreshLeaseUntil: at(),
      refreshLeaseOwner: id(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.walletToken.create({ data }),
    (key) => db.prisma.walletToken.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Product",
    {
      id: id(),
      sku: `SKU-${id()}`,
      name: "Dates, 1 kg",
      nameArabic: "تمر، ١ كغ",
      priceFils: INT8_MAX,
      currency: "USD",
      active: false,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.product.create({ data }),
    (key) => db.prisma.product.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Agreement",
    {
      id: agreementId,
      customerId,
      status: enums.AgreementStatus.ACTIVE,
      authorizationUrl: "https://wallet.example/authorize?token=abc",
      paymentAuthCodeCipher: "v1.ggg.hhh.iii",
      paymentAuthCodeExpiresAt: at(),
      walletCustomerId: "wallet-customer-1",
      refreshTokenCipher: "v1.jjj.kkk.lll",
      refreshTokenExpiresAt: at(),
      boundAt: at(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.agreement.create({ data }),
    (key) => db.prisma.agreement.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Order",
    {
      id: orderId,
      customerId,
      flow: enums.OrderFlow.AGREEMENT,
      productCode: "51051000101000100031",
      currency: "IQD",
      amountFils: ORDER_AMOUNT,
      status: enums.OrderStatus.PAID,
      idempotencyKey: `idem-${id()}`,
      paymentRequestId: `pr-${id()}`,
      paymentId: `pay-${id()}`,
      redirectionUrl: "https://wallet.example/cashier/1",
      paymentExpiresAt: at(),
      paidAt: at(),
      resultCode: "SUCCESS",
      resultMessage: "success",
      voidedFils: BEYOND_2_53 - 1n,
      refundedFils: BEYOND_2_53 + 2n,
      confirmedRefundFils: BEYOND_2_53 + 1n,
      note: "leave at the door",
      agreementId,
      needsAttention: true,
      attentionReason: "payment notification amount 1 IQD",
      attentionFlag: { kind: "AMOUNT_MISMATCH", notification: "payment", amount: "1 IQD" },
      attentionResolvedAt: at(),
      nextReconcileAt: at(),
      reconcileAttempts: 3,
      expiryCheckedAt: at(),
      version: 4,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.order.create({ data }),
    (key) => db.prisma.order.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "OrderItem",
    {
      id: id(),
      orderId,
      sku: "DATES-1KG",
      name: "Dates, 1 kg",
      nameArabic: "تمر، ١ كغ",
      unitPriceFils: BEYOND_2_53,
      quantity: 2,
    },
    (data) => db.prisma.orderItem.create({ data }),
    (key) => db.prisma.orderItem.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "OrderEvent",
    {
      id: id(),
      orderId,
      fromStatus: enums.OrderStatus.PENDING,
      toStatus: enums.OrderStatus.PAID,
      type: "status_changed",
      actor: "wallet",
      detail: { notificationId: "n-1", resultStatus: "S" },
      createdAt: at(),
    },
    (data) => db.prisma.orderEvent.create({ data: { ...data, detail: json(data.detail) } }),
    (key) => db.prisma.orderEvent.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Refund",
    {
      id: refundId,
      orderId,
      refundRequestId: `rr-${id()}`,
      refundId: `rf-${id()}`,
      amountFils: BEYOND_2_53,
      currency: "IQD",
      reason: "damaged",
      status: enums.RefundStatus.FAIL,
      failReason: "INSUFFICIENT_MERCHANT_BALANCE",
      resultCode: "REFUND_FAILED",
      resultMessage: "failed",
      requestedBy: "operator:1",
      refundedAt: at(),
      pollStartedAt: at(),
      nextCheckAt: at(),
      checkAttempts: 12,
      lastInquiryAt: at(),
      needsAttention: true,
      attentionReason: "refund not settled by the wallet after 1 h",
      attentionFlag: { kind: "OPERATION_UNSETTLED", operation: "refund", afterMs: 3_600_000 },
      attentionResolvedAt: at(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.refund.create({ data }),
    (key) => db.prisma.refund.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "RefundRequest",
    {
      id: id(),
      orderId,
      kind: enums.RefundRequestKind.VOID,
      amountFils: BEYOND_2_53,
      reason: "the whole box came back",
      status: enums.RefundRequestStatus.APPROVED,
      requestedBy: "operator:1",
      decidedBy: "operator:2",
      decidedAt: at(),
      decisionNote: "checked the box",
      refundId,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.refundRequest.create({ data }),
    (key) => db.prisma.refundRequest.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "EscrowOperation",
    {
      id: id(),
      orderId,
      type: enums.EscrowOperationType.VOID,
      requestId: `vr-${id()}`,
      walletOperationId: `void-${id()}`,
      amountFils: BEYOND_2_53,
      status: enums.OperationStatus.RETRY,
      resultCode: "MUTEX_OPERATION_IN_PROCESSING",
      resultMessage: "busy",
      requestedBy: "operator:2",
      completedAt: at(),
      nextCheckAt: at(),
      attempts: 2,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.escrowOperation.create({ data }),
    (key) => db.prisma.escrowOperation.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "WalletCall",
    {
      id: INT8_MAX - 1n,
      operation: "pay",
      path: "/v1/payments/pay",
      requestKey: `pr-${id()}`,
      orderId,
      refundId: id(),
      outcome: "U",
      resultCode: "UNKNOWN_EXCEPTION",
      httpStatus: 200,
      durationMs: 8001,
      errorKind: "timeout",
      requestId: `req-${id()}`,
      requestBody: { paymentRequestId: "pr-1", paymentAmount: { currency: "IQD", value: "1000" } },
      responseBody: { result: { resultCode: "UNKNOWN_EXCEPTION", resultStatus: "U" } },
      createdAt: at(),
      prunedAt: at(),
    },
    (data) =>
      db.prisma.walletCall.create({
        data: { ...data, requestBody: json(data.requestBody), responseBody: json(data.responseBody) },
      }),
    (key) => db.prisma.walletCall.findFirstOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Notification",
    {
      id: id(),
      kind: enums.NotificationKind.REFUND,
      dedupeKey: `refund:${id()}:SUCCESS`,
      // Raw text is kept byte for byte (spacing, key order) because signatures cover it.
      rawBody: '{"refundId":"r1",  "refundStatus":"SUCCESS"}\n',
      headers: { "client-id": "2022000000000000", "request-time": "2026-03-01T08:00:00.000+00:00" },
      verified: false,
      verifyError: "INVALID_SIGNATURE",
      status: enums.NotificationStatus.REJECTED,
      orderId,
      error: "signature mismatch",
      receivedAt: at(),
      processedAt: at(),
      prunedAt: at(),
    },
    (data) => db.prisma.notification.create({ data: { ...data, headers: json(data.headers) } }),
    (key) => db.prisma.notification.findFirstOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "NotificationDedupeKey",
    {
      dedupeKey: `refund:${id()}:SUCCESS`,
      notificationId: id(),
      receivedAt: at(),
      rejectedError: "rejected",
    },
    (data) => db.prisma.notificationDedupeKey.create({ data }),
    (key) => db.prisma.notificationDedupeKey.findUniqueOrThrow({ where: { dedupeKey: key } }),
  ),

  roundTripCase(
    "PushMessage",
    {
      id: id(),
      customerId,
      requestId: `push-${id()}`,
      templateCode: "ORDER_SHIPPED",
      title: "Shipped",
      content: "Your order is on its way",
      url: "mini://orders/1",
      status: enums.PushStatus.UNKNOWN,
      messageId: `msg-${id()}`,
      resultCode: "UNKNOWN_EXCEPTION",
      resultMessage: "timeout",
      attempts: 5,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.pushMessage.create({ data }),
    (key) => db.prisma.pushMessage.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "NotificationRejection",
    {
      id: 41n,
      bucket: at(),
      sourceAddress: "203.0.113.9",
      kind: enums.NotificationKind.REFUND,
      reason: "BAD_SIGNATURE",
      count: 12,
      firstSeenAt: at(),
      lastSeenAt: at(),
      sampleBody: '{"refundId":"x"}',
      sampleHeaders: { "client-id": "someone" },
    },
    (data) => db.prisma.notificationRejection.create({ data }),
    (key) => db.prisma.notificationRejection.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "CustomerEvent",
    {
      id: id(),
      customerId,
      subjectType: "AGREEMENT",
      subjectId: id(),
      type: "AGREEMENT_ACTIVE",
      fromStatus: "PREPARED",
      toStatus: "ACTIVE",
      actor: "customer:x",
      detail: { replacedBy: null },
      createdAt: at(),
    },
    (data) => db.prisma.customerEvent.create({ data }),
    (key) => db.prisma.customerEvent.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Role",
    {
      key: roleKey,
      name: "Night cashier",
      builtIn: false,
      permissions: ["orders.read", "orders.refund"],
      refundLimitFils: BEYOND_2_53,
      dailyRefundLimitFils: BEYOND_2_53,
      requireSecondFactor: true,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.role.create({ data }),
    (key) => db.prisma.role.findUniqueOrThrow({ where: { key } }),
  ),

  roundTripCase(
    "Operator",
    {
      id: operatorId,
      email: `ops-${id()}@example.com`,
      name: "Operator One",
      passwordHash: "$argon2id$placeholder",
      role: roleKey,
      lastLoginAt: at(),
      failedSignIns: 3,
      totpSecret: "v1.aXY.dGFn.Y2lwaGVy",
      totpEnabledAt: at(),
      totpLastStep: 59_000_000,
      disabledAt: at(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.operator.create({ data }),
    (key) => db.prisma.operator.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "ApiKey",
    {
      id: apiKeyId,
      name: "nightly export",
      prefix: "wmk_Ab3dEf9h",
      secretHash: "cd".repeat(32),
      role: roleKey,
      operatorId,
      expiresAt: at(),
      lastUsedAt: at(),
      revokedAt: at(),
      revokedReason: "MAKER_PASSWORD_CHANGED",
      createdAt: at(),
    },
    (data) => db.prisma.apiKey.create({ data }),
    (key) => db.prisma.apiKey.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Passkey",
    {
      id: id(),
      operatorId,
      credentialId: `cred-${id()}`,
      publicKey: new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x26]),
      counter: BEYOND_2_53,
      transports: ["internal", "hybrid"],
      name: "Shop phone",
      createdAt: at(),
      lastUsedAt: at(),
    },
    (data) => db.prisma.passkey.create({ data }),
    (key) => db.prisma.passkey.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "RecoveryCode",
    { id: id(), operatorId, codeHash: "ef".repeat(32), usedAt: at(), createdAt: at() },
    (data) => db.prisma.recoveryCode.create({ data }),
    (key) => db.prisma.recoveryCode.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "OperatorSession",
    {
      id: id(),
      operatorId,
      userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/156.0",
      address: "203.0.113.9",
      createdAt: at(),
      lastSeenAt: at(),
      expiresAt: at(),
      endedAt: at(),
      endedReason: "SIGNED_OUT",
    },
    (data) => db.prisma.operatorSession.create({ data }),
    (key) => db.prisma.operatorSession.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "AuditEntry",
    {
      id: id(),
      operatorId,
      operatorEmail: "ops@example.com",
      action: "order.refund",
      subjectType: "REFUND",
      subjectId: id(),
      orderId: id(),
      before: { status: "PAID" },
      after: { refund: { amountFils: "1000" } },
      walletResult: { status: "SUCCESS" },
      requestKey: id(),
      apiKeyId,
      createdAt: at(),
    },
    (data) => db.prisma.auditEntry.create({ data }),
    (key) => db.prisma.auditEntry.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "AdminRequest",
    {
      id: id(),
      operatorId,
      idempotencyKey: id(),
      action: "order.refund:x",
      requestHash: "ab".repeat(32),
      responseStatus: 202,
      responseBody: { state: "IN_PROGRESS" },
      createdAt: at(),
      completedAt: at(),
    },
    (data) => db.prisma.adminRequest.create({ data }),
    (key) => db.prisma.adminRequest.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "OutboxEvent",
    {
      id: outboxEventId,
      seq: BEYOND_2_53,
      type: "order.paid",
      version: 2,
      orderId,
      payload: { orderId, amountFils: BEYOND_2_53.toString() },
      dedupeKey: `payment.unknown:${orderId}`,
      occurredAt: outboxEventAt,
      dispatchedAt: at(),
    },
    (data) => db.prisma.outboxEvent.create({ data: { ...data, payload: json(data.payload) } }),
    (key) => db.prisma.outboxEvent.findFirstOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "OutboxDedupeKey",
    { dedupeKey: `payment.unknown:${orderId}`, eventId: outboxEventId, createdAt: at() },
    (data) => db.prisma.outboxDedupeKey.create({ data }),
    (key) => db.prisma.outboxDedupeKey.findUniqueOrThrow({ where: { dedupeKey: key } }),
  ),

  roundTripCase(
    "EventDelivery",
    {
      id: deliveryId,
      eventId: outboxEventId,
      eventOccurredAt: outboxEventAt,
      seq: BEYOND_2_53,
      orderId,
      targetKind: enums.DeliveryTargetKind.WEBHOOK,
      target: id(),
      status: enums.DeliveryStatus.DEAD,
      attempts: 8,
      nextAttemptAt: at(),
      leaseUntil: at(),
      lastError: "could not connect",
      lastFailure: enums.OutboundFailure.CONNECT_FAILED,
      deliveredAt: at(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.eventDelivery.create({ data }),
    (key) => db.prisma.eventDelivery.findFirstOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "DeliveryAttempt",
    {
      id: id(),
      deliveryId,
      eventOccurredAt: outboxEventAt,
      attempt: 3,
      ok: true,
      statusCode: 204,
      latencyMs: 41,
      request: { url: "https://example.com/hooks", headers: { "webhook-id": outboxEventId }, body: "{}" },
      response: "a hook's error",
      failure: enums.OutboundFailure.REDIRECT,
      createdAt: at(),
    },
    (data) => db.prisma.deliveryAttempt.create({ data: { ...data, request: json(data.request) } }),
    (key) => db.prisma.deliveryAttempt.findFirstOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "WebhookEndpoint",
    {
      id: id(),
      url: "https://example.com/hooks",
      description: "fulfilment",
      events: ["order.paid", "refund.failed"],
      secretCipher: "v1.aaa.bbb.ccc",
      enabled: false,
      disabledReason: "failing since 2026-03-01 08:00 UTC",
      failingSince: at(),
      createdBy: operatorId,
      createdByApiKeyId: apiKeyId,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.webhookEndpoint.create({ data }),
    (key) => db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "AlertRule",
    {
      id: alertRuleId,
      eventType: "payment.unknown",
      channel: enums.AlertChannel.CHAT,
      target: "https://hooks.slack.example/T000/B000",
      chatFormat: "slack",
      foldSeconds: 300,
      enabled: false,
      disabledReason: "API_KEY_REVOKED",
      createdBy: "admin@shop.example",
      createdByApiKeyId: apiKeyId,
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.alertRule.create({ data }),
    (key) => db.prisma.alertRule.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "AlertMessage",
    {
      id: alertMessageId,
      ruleId: alertRuleId,
      dedupeKey: `daily:${alertRuleId}:2026-03-01`,
      subject: "Alert: 2 × payment.unknown",
      body: "• one\n• two",
      eventCount: 2,
      status: enums.AlertMessageStatus.FAILED,
      attempts: 5,
      lastError: "HTTP 500: answered with an error status",
      lastFailure: enums.OutboundFailure.HTTP_STATUS,
      lastStatusCode: 500,
      lastLatencyMs: 87,
      sentAt: at(),
      createdAt: at(),
    },
    (data) => db.prisma.alertMessage.create({ data }),
    (key) => db.prisma.alertMessage.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "AlertEvent",
    {
      id: id(),
      ruleId: alertRuleId,
      eventId: outboxEventId,
      eventType: "payment.unknown",
      summary: "Payment of 12,000 IQD still unknown",
      occurredAt: at(),
      messageId: alertMessageId,
      createdAt: at(),
    },
    (data) => db.prisma.alertEvent.create({ data }),
    (key) => db.prisma.alertEvent.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "SubscriptionPlan",
    {
      id: planId,
      sku: planSku,
      intervalUnit: enums.BillingInterval.MONTH,
      intervalCount: 3,
      freeFirstPeriod: true,
      retryScheduleHours: [24, 72, 336],
      graceHours: 48,
      allowCancelNow: true,
      active: false,
      createdAt: at(),
      updatedAt: at(),
    },
    async (data) => {
      await db.prisma.product.create({
        data: { sku: planSku, name: "Club", nameArabic: "نادي", priceFils: 5n },
      });
      return db.prisma.subscriptionPlan.create({ data });
    },
    (key) => db.prisma.subscriptionPlan.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "Subscription",
    {
      id: subscriptionId,
      customerId,
      planId,
      agreementId,
      status: enums.SubscriptionStatus.PAST_DUE,
      idempotencyKey: `idem-${id()}`,
      language: "en",
      currentPeriod: 4,
      currentPeriodEnd: at(),
      billingAnchor: at(),
      anchorPeriod: 3,
      cancelAtPeriodEnd: true,
      pausedAt: at(),
      pastDueAt: at(),
      cancelledAt: at(),
      cancelReason: "UNPAID",
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.subscription.create({ data }),
    (key) => db.prisma.subscription.findUniqueOrThrow({ where: { id: key } }),
  ),

  roundTripCase(
    "SubscriptionPeriod",
    {
      id: id(),
      subscriptionId,
      number: 5,
      status: enums.SubscriptionPeriodStatus.CHARGING,
      startsAt: at(),
      endsAt: at(),
      amountFils: BEYOND_2_53,
      currency: "IQD",
      nextAttemptAt: at(),
      attempts: 3,
      failedTries: 2,
      leaseUntil: at(),
      firstFailedAt: at(),
      lastResultCode: "USER_BALANCE_NOT_ENOUGH",
      lastFailureKind: "RETRY",
      orderId,
      paidAt: at(),
      createdAt: at(),
      updatedAt: at(),
    },
    (data) => db.prisma.subscriptionPeriod.create({ data }),
    (key) => db.prisma.subscriptionPeriod.findUniqueOrThrow({ where: { id: key } }),
  ),
];

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The rows the minimal cases made so far: later ones point at earlier ones. */
const made = {} as {
  customer: Customer;
  order: Order;
  push: PushMessage;
  operator: Operator;
  audit: AuditEntry;
  event: OutboxEvent;
  delivery: EventDelivery;
  rule: AlertRule;
  plan: SubscriptionPlan;
  subscription: Subscription;
};

/**
 * Every model with only its required fields, in the order their foreign keys need, and the defaults
 * the database fills in: proves every optional field is nullable there and every default exists.
 */
const MINIMAL_ROWS: { model: Prisma.ModelName; create: () => Promise<void> }[] = [
  {
    model: "Customer",
    async create() {
      const customer = await db.prisma.customer.create({ data: { walletCustomerId: `w-${id()}` } });
      expect(customer.id).toMatch(UUID_V7);
      expect(customer).toMatchObject({
        scopes: [],
        profile: null,
        needsReauthorization: false,
        lastSeenAt: null,
      });
      expect(customer.createdAt).toBeInstanceOf(Date);
      expect(customer.updatedAt).toBeInstanceOf(Date);
      made.customer = customer;
    },
  },
  {
    model: "WalletToken",
    async create() {
      const token = await db.prisma.walletToken.create({
        data: {
          customerId: made.customer.id,
          accessTokenCipher: "a",
          accessTokenExpiresAt: at(),
          refreshTokenCipher: "r",
        },
      });
      expect(token).toMatchObject({
        scopes: [],
        version: 0,
        refreshTokenExpiresAt: null,
        refreshedAt: null,
        refreshLeaseUntil: null,
      });
    },
  },
  {
    model: "Product",
    async create() {
      const product = await db.prisma.product.create({
        data: { sku: `s-${id()}`, name: "Tea", nameArabic: "شاي", priceFils: 2500n },
      });
      expect(product).toMatchObject({ currency: "IQD", active: true });
    },
  },
  {
    model: "Agreement",
    async create() {
      const agreement = await db.prisma.agreement.create({ data: { customerId: made.customer.id } });
      expect(agreement).toMatchObject({ status: "PREPARED", paymentAuthCodeCipher: null, boundAt: null });
    },
  },
  {
    model: "Order",
    async create() {
      const order = await db.prisma.order.create({
        data: {
          customerId: made.customer.id,
          flow: "CASHIER",
          productCode: "51051000101000000011",
          currency: "IQD",
          amountFils: 1000n,
          idempotencyKey: "k1",
          paymentRequestId: `pr-${id()}`,
        },
      });
      expect(order).toMatchObject({
        status: "CREATED",
        paymentId: null,
        agreementId: null,
        voidedFils: 0n,
        refundedFils: 0n,
        confirmedRefundFils: 0n,
        needsAttention: false,
        nextReconcileAt: null,
        reconcileAttempts: 0,
        expiryCheckedAt: null,
        version: 0,
      });
      made.order = order;
    },
  },
  {
    model: "OrderItem",
    async create() {
      await db.prisma.orderItem.create({
        data: { orderId: made.order.id, sku: "TEA", name: "Tea", unitPriceFils: 2500n, quantity: 1 },
      });
    },
  },
  {
    model: "OrderEvent",
    async create() {
      const event = await db.prisma.orderEvent.create({
        data: { orderId: made.order.id, type: "created", actor: "system" },
      });
      expect(event).toMatchObject({ fromStatus: null, toStatus: null, detail: null });
    },
  },
  {
    model: "Refund",
    async create() {
      const refund = await db.prisma.refund.create({
        data: {
          orderId: made.order.id,
          refundRequestId: `rr-${id()}`,
          amountFils: 1n,
          currency: "IQD",
          requestedBy: "t",
        },
      });
      expect(refund).toMatchObject({
        status: "CREATED",
        refundId: null,
        checkAttempts: 0,
        lastInquiryAt: null,
        needsAttention: false,
      });
    },
  },
  {
    model: "EscrowOperation",
    async create() {
      const operation = await db.prisma.escrowOperation.create({
        data: { orderId: made.order.id, type: "ACCEPT", requestId: `ar-${id()}`, requestedBy: "t" },
      });
      expect(operation).toMatchObject({
        status: "CREATED",
        amountFils: null,
        walletOperationId: null,
        attempts: 0,
      });
    },
  },
  {
    model: "WalletCall",
    async create() {
      const first = await db.prisma.walletCall.create({
        data: {
          operation: "inquiryPayment",
          path: "/v1/payments/inquiryPayment",
          durationMs: 12,
          requestBody: {},
        },
      });
      const second = await db.prisma.walletCall.create({
        data: {
          operation: "inquiryPayment",
          path: "/v1/payments/inquiryPayment",
          durationMs: 9,
          requestBody: {},
        },
      });
      expect(typeof first.id).toBe("bigint");
      expect(second.id).toBeGreaterThan(first.id);
      expect(first).toMatchObject({ outcome: null, responseBody: null, httpStatus: null });
    },
  },
  {
    model: "Notification",
    async create() {
      const notification = await db.prisma.notification.create({
        data: { kind: "PAYMENT", dedupeKey: `d-${id()}`, rawBody: "{}", headers: {}, verified: true },
      });
      expect(notification).toMatchObject({ status: "RECEIVED", processedAt: null, orderId: null });
      expect(notification.receivedAt).toBeInstanceOf(Date);
    },
  },
  {
    model: "PushMessage",
    async create() {
      const push = await db.prisma.pushMessage.create({
        data: {
          customerId: made.customer.id,
          requestId: `p-${id()}`,
          templateCode: "T",
          title: "t",
          content: "c",
          url: "u",
        },
      });
      expect(push).toMatchObject({ status: "CREATED", attempts: 0, messageId: null });
      made.push = push;
    },
  },
  {
    model: "NotificationRejection",
    async create() {
      const rejection = await db.prisma.notificationRejection.create({
        data: {
          bucket: new Date(),
          sourceAddress: "a",
          kind: "PAYMENT",
          reason: "r",
          sampleBody: "",
          sampleHeaders: {},
        },
      });
      expect(rejection.count).toBe(1);
      expect(rejection.firstSeenAt).toBeInstanceOf(Date);
    },
  },
  {
    model: "CustomerEvent",
    async create() {
      const customerEvent = await db.prisma.customerEvent.create({
        data: {
          customerId: made.customer.id,
          subjectType: "PUSH_MESSAGE",
          subjectId: made.push.id,
          type: "T",
          actor: "a",
        },
      });
      expect(customerEvent).toMatchObject({ fromStatus: null, toStatus: null, detail: null });
    },
  },
  {
    model: "Operator",
    async create() {
      const operator = await db.prisma.operator.create({
        data: { email: `o-${id()}@example.com`, name: "New", passwordHash: "x" },
      });
      expect(operator).toMatchObject({
        role: "VIEWER",
        lastLoginAt: null,
        disabledAt: null,
        failedSignIns: 0,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      });
      made.operator = operator;
    },
  },
  {
    model: "AuditEntry",
    async create() {
      const audit = await db.prisma.auditEntry.create({
        data: {
          operatorId: made.operator.id,
          operatorEmail: made.operator.email,
          action: "a",
          subjectType: "ORDER",
          subjectId: "s",
        },
      });
      expect(audit).toMatchObject({ orderId: null, before: null, walletResult: null, requestKey: null });
      made.audit = audit;
    },
  },
  {
    model: "AdminRequest",
    async create() {
      const request = await db.prisma.adminRequest.create({
        data: { operatorId: made.operator.id, idempotencyKey: `k-${id()}`, action: "a", requestHash: "h" },
      });
      expect(request).toMatchObject({ responseStatus: null, responseBody: null, completedAt: null });
    },
  },
  {
    model: "Passkey",
    async create() {
      const passkey = await db.prisma.passkey.create({
        data: {
          operatorId: made.operator.id,
          credentialId: id(),
          publicKey: new Uint8Array([1]),
          name: "key",
        },
      });
      expect(passkey).toMatchObject({ counter: 0n, transports: [], lastUsedAt: null });
    },
  },
  {
    model: "Role",
    async create() {
      const key = `MINIMAL_${id().slice(0, 8).toUpperCase()}`;
      const role = await db.prisma.role.create({ data: { key, name: key } });
      expect(role).toMatchObject({
        builtIn: false,
        permissions: [],
        refundLimitFils: null,
        dailyRefundLimitFils: null,
        requireSecondFactor: false,
      });
    },
  },
  {
    model: "RefundRequest",
    async create() {
      const request = await db.prisma.refundRequest.create({
        data: { orderId: made.order.id, amountFils: 1n, requestedBy: "operator:1" },
      });
      expect(request).toMatchObject({ status: "PENDING", decidedBy: null, refundId: null, reason: null });
    },
  },
  {
    model: "ApiKey",
    async create() {
      const apiKey = await db.prisma.apiKey.create({
        data: {
          name: "k",
          prefix: "wmk_x",
          secretHash: id(),
          role: "VIEWER",
          operatorId: made.operator.id,
          expiresAt: new Date(),
        },
      });
      expect(apiKey).toMatchObject({
        lastUsedAt: null,
        revokedAt: null,
        revokedReason: null,
        createdAt: expect.any(Date),
      });
      expect(made.audit.apiKeyId).toBeNull();
    },
  },
  {
    model: "RecoveryCode",
    async create() {
      const code = await db.prisma.recoveryCode.create({
        data: { operatorId: made.operator.id, codeHash: id() },
      });
      expect(code).toMatchObject({ usedAt: null, createdAt: expect.any(Date) });
    },
  },
  {
    model: "OperatorSession",
    async create() {
      const session = await db.prisma.operatorSession.create({
        data: { operatorId: made.operator.id, lastSeenAt: new Date(), expiresAt: new Date() },
      });
      expect(session).toMatchObject({
        userAgent: null,
        address: null,
        endedAt: null,
        endedReason: null,
        createdAt: expect.any(Date),
      });
    },
  },
  {
    model: "OutboxEvent",
    async create() {
      const event = await db.prisma.outboxEvent.create({ data: { type: "agreement.bound", payload: {} } });
      expect(event.id).toMatch(UUID_V7);
      expect(event).toMatchObject({ version: 1, orderId: null, dedupeKey: null, dispatchedAt: null });
      expect(typeof event.seq).toBe("bigint");
      made.event = event;
    },
  },
  {
    model: "EventDelivery",
    async create() {
      const delivery = await db.prisma.eventDelivery.create({
        data: {
          eventId: made.event.id,
          eventOccurredAt: made.event.occurredAt,
          seq: made.event.seq,
          targetKind: "HOOK",
          target: "kitchen-ticket",
        },
      });
      expect(delivery).toMatchObject({
        orderId: null,
        status: "PENDING",
        attempts: 0,
        leaseUntil: null,
        lastError: null,
        deliveredAt: null,
        nextAttemptAt: expect.any(Date),
      });
      made.delivery = delivery;
    },
  },
  {
    model: "DeliveryAttempt",
    async create() {
      const attempt = await db.prisma.deliveryAttempt.create({
        data: {
          deliveryId: made.delivery.id,
          eventOccurredAt: made.delivery.eventOccurredAt,
          attempt: 1,
          ok: false,
          latencyMs: 0,
        },
      });
      expect(attempt).toMatchObject({ statusCode: null, request: null, response: null });
    },
  },
  {
    model: "NotificationDedupeKey",
    async create() {
      const key = await db.prisma.notificationDedupeKey.create({
        data: { dedupeKey: `k-${id()}`, notificationId: id(), receivedAt: new Date() },
      });
      expect(key.rejectedError).toBeNull();
    },
  },
  {
    model: "OutboxDedupeKey",
    async create() {
      const key = await db.prisma.outboxDedupeKey.create({ data: { dedupeKey: `k-${id()}`, eventId: id() } });
      expect(key.createdAt).toEqual(expect.any(Date));
    },
  },
  {
    model: "WebhookEndpoint",
    async create() {
      const endpoint = await db.prisma.webhookEndpoint.create({
        data: { url: "https://example.com", events: [], secretCipher: "c", createdBy: "o" },
      });
      expect(endpoint).toMatchObject({
        description: "",
        enabled: true,
        disabledReason: null,
        failingSince: null,
        createdByApiKeyId: null,
      });
    },
  },
  {
    model: "AlertRule",
    async create() {
      const rule = await db.prisma.alertRule.create({
        data: { eventType: "refund.failed", channel: "EMAIL", target: "ops@shop.example", createdBy: "a" },
      });
      expect(rule).toMatchObject({
        chatFormat: null,
        foldSeconds: 60,
        enabled: true,
        disabledReason: null,
        createdByApiKeyId: null,
      });
      made.rule = rule;
    },
  },
  {
    model: "AlertMessage",
    async create() {
      const message = await db.prisma.alertMessage.create({
        data: { ruleId: made.rule.id, subject: "s", body: "b" },
      });
      expect(message).toMatchObject({
        dedupeKey: null,
        eventCount: 0,
        status: "PENDING",
        attempts: 0,
        lastError: null,
        sentAt: null,
      });
    },
  },
  {
    model: "AlertEvent",
    async create() {
      const event = await db.prisma.alertEvent.create({
        data: {
          ruleId: made.rule.id,
          eventId: id(),
          eventType: "refund.failed",
          summary: "s",
          occurredAt: new Date(),
        },
      });
      expect(event.messageId).toBeNull();
    },
  },
  {
    model: "SubscriptionPlan",
    async create() {
      const sku = `p-${id()}`;
      await db.prisma.product.create({ data: { sku, name: "Box", nameArabic: "صندوق", priceFils: 1000n } });
      const plan = await db.prisma.subscriptionPlan.create({ data: { sku, intervalUnit: "WEEK" } });
      expect(plan).toMatchObject({
        intervalCount: 1,
        freeFirstPeriod: false,
        retryScheduleHours: [],
        graceHours: 72,
        allowCancelNow: false,
        active: true,
      });
      made.plan = plan;
    },
  },
  {
    model: "Subscription",
    async create() {
      const subscription = await db.prisma.subscription.create({
        data: {
          customerId: made.customer.id,
          planId: made.plan.id,
          idempotencyKey: "k",
          billingAnchor: at(),
        },
      });
      expect(subscription).toMatchObject({
        status: "PENDING",
        language: "ar",
        currentPeriod: 0,
        currentPeriodEnd: null,
        anchorPeriod: 1,
        cancelAtPeriodEnd: false,
        agreementId: null,
      });
      made.subscription = subscription;
    },
  },
  {
    model: "SubscriptionPeriod",
    async create() {
      const period = await db.prisma.subscriptionPeriod.create({
        data: {
          subscriptionId: made.subscription.id,
          number: 1,
          startsAt: at(),
          endsAt: at(),
          amountFils: 1000n,
        },
      });
      expect(period).toMatchObject({
        status: "SCHEDULED",
        currency: "IQD",
        attempts: 0,
        failedTries: 0,
        nextAttemptAt: null,
        orderId: null,
      });
    },
  },
];

describe("schema.prisma against the migrated database", () => {
  it.each(ROUND_TRIPS)("stores and returns every field of $model", ({ run }) => run());

  it("creates the built-in roles as lib/auth/roles.ts describes them (OPERATOR became FINANCE)", async () => {
    const stored = await db.prisma.role.findMany({ where: { builtIn: true } });
    const asStored = stored
      .map((role) => ({
        key: role.key,
        name: role.name,
        permissions: [...role.permissions].sort(),
        refundLimitFils: role.refundLimitFils,
        dailyRefundLimitFils: role.dailyRefundLimitFils,
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
    const described = BUILT_IN_ROLES.map((role) => ({
      ...role,
      permissions: [...role.permissions].sort(),
    })).sort((a, b) => a.key.localeCompare(b.key));
    expect(asStored).toEqual(described);
  });

  it("has a round trip for every model", () => {
    expect(ROUND_TRIPS.map((trip) => trip.model).sort()).toEqual(Object.keys(Prisma.ModelName).sort());
  });

  it("follows the relations both ways", async () => {
    const order = await db.prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: {
        customer: true,
        agreement: true,
        items: true,
        events: true,
        refunds: true,
        escrowOperations: true,
      },
    });
    expect(order.customer.id).toBe(customerId);
    expect(order.agreement?.id).toBe(agreementId);
    expect(
      [order.items, order.events, order.refunds, order.escrowOperations].map((list) => list.length),
    ).toEqual([1, 1, 1, 1]);
    const customer = await db.prisma.customer.findUniqueOrThrow({
      where: { id: customerId },
      include: { token: true, orders: true, agreements: true, pushMessages: true },
    });
    expect(customer.token?.customerId).toBe(customerId);
    expect([customer.orders, customer.agreements, customer.pushMessages].map((list) => list.length)).toEqual([
      1, 1, 1,
    ]);
  });

  it.each(MINIMAL_ROWS)(
    "accepts a $model with only its required fields, filling the defaults",
    ({ create }) => create(),
  );

  it("has a minimal row for every model", () => {
    expect(MINIMAL_ROWS.map((row) => row.model).sort()).toEqual(Object.keys(Prisma.ModelName).sort());
  });

  it("stores money as bigint and time as timestamptz(3) in every table", async () => {
    // Type drift here would pass a round trip on a UTC machine, or below 2^31, and fail in production.
    const rows = await db.prisma.$queryRaw<{ column: string; type: string; precision: number | null }[]>`
      SELECT table_name || '.' || column_name AS column, data_type::text AS type,
             datetime_precision::int AS precision
        FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
         AND (column_name LIKE '%\_fils' OR data_type LIKE 'timestamp%')`;
    const money = rows.filter((row) => row.column.endsWith("_fils"));
    const times = rows.filter((row) => !row.column.endsWith("_fils"));
    expect(money.length).toBeGreaterThanOrEqual(7);
    expect(money.filter((row) => row.type !== "bigint")).toEqual([]);
    expect(times.length).toBeGreaterThan(30);
    expect(times.filter((row) => row.type !== "timestamp with time zone" || row.precision !== 3)).toEqual([]);
  });

  it("keeps BigInt amounts exact beyond 2^53 in writes, updates and aggregates", async () => {
    const { prisma } = db;
    const order = await prisma.order.update({
      where: { id: orderId },
      data: { refundedFils: { increment: 2n } },
    });
    expect(order.refundedFils).toBe(BEYOND_2_53 + 4n);
    const byAmount = await prisma.order.findFirstOrThrow({ where: { amountFils: ORDER_AMOUNT } });
    expect(byAmount.id).toBe(orderId);
    const sum = await prisma.orderItem.aggregate({ where: { orderId }, _sum: { unitPriceFils: true } });
    expect(sum._sum.unitPriceFils).toBe(BEYOND_2_53);
  });

  describe("every wallet request id is unique (a retry must reuse it, never create a second call)", () => {
    const cases: [string, () => Promise<unknown>][] = [
      [
        "Order.paymentRequestId",
        async () => {
          const paymentRequestId = `pr-${id()}`;
          await createOrder({ paymentRequestId });
          await createOrder({ paymentRequestId });
        },
      ],
      [
        "Order.paymentId",
        async () => {
          const paymentId = `pay-${id()}`;
          await createOrder({ paymentId });
          await createOrder({ paymentId });
        },
      ],
      [
        "Order (customerId, idempotencyKey)",
        async () => {
          const idempotencyKey = `idem-${id()}`;
          await createOrder({ idempotencyKey });
          await createOrder({ idempotencyKey });
        },
      ],
      [
        "Refund.refundRequestId",
        async () => {
          const data = {
            orderId,
            refundRequestId: `rr-${id()}`,
            amountFils: 1n,
            currency: "IQD",
            requestedBy: "test",
          };
          await db.prisma.refund.create({ data });
          await db.prisma.refund.create({ data });
        },
      ],
      [
        "EscrowOperation.requestId",
        async () => {
          const data = {
            orderId,
            type: enums.EscrowOperationType.CONFIRM,
            requestId: `cr-${id()}`,
            requestedBy: "test",
          };
          await db.prisma.escrowOperation.create({ data });
          await db.prisma.escrowOperation.create({ data });
        },
      ],
      [
        "PushMessage.requestId",
        async () => {
          const data = {
            customerId,
            requestId: `push-${id()}`,
            templateCode: "T",
            title: "t",
            content: "c",
            url: "u",
          };
          await db.prisma.pushMessage.create({ data });
          await db.prisma.pushMessage.create({ data });
        },
      ],
      [
        // The key's own table, not the notification (partitioned by month, where it cannot be unique).
        "NotificationDedupeKey.dedupeKey",
        async () => {
          const dedupeKey = `payment:${id()}:SUCCESS`;
          await db.prisma.notificationDedupeKey.create({
            data: { dedupeKey, notificationId: id(), receivedAt: at() },
          });
          await db.prisma.notificationDedupeKey.create({
            data: { dedupeKey, notificationId: id(), receivedAt: at() },
          });
        },
      ],
      [
        "WalletToken.customerId (one token set per customer)",
        async () => {
          const data = {
            customerId,
            accessTokenCipher: "a",
            accessTokenExpiresAt: at(),
            refreshTokenCipher: "r",
          };
          await db.prisma.walletToken.create({ data });
        },
      ],
    ];

    it.each(cases)("%s: a duplicate is refused with P2002", async (_name, insertTwice) => {
      const error = await insertTwice().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect((error as Prisma.PrismaClientKnownRequestError).code).toBe("P2002");
    });
  });

  it("declares in PostgreSQL exactly the enum values the client knows", async () => {
    // ::text because the pg adapter cannot read catalog types such as `name`.
    const rows = await db.prisma.$queryRaw<{ type: string; labels: string[] }[]>`
      SELECT t.typname::text AS type, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       GROUP BY t.typname`;
    const inDatabase = Object.fromEntries(rows.map((row) => [row.type, row.labels]));
    const snakeCase = (name: string) => name.replace(/(?<!^)([A-Z])/g, "_$1").toLowerCase();
    const inClient = Object.fromEntries(
      Object.entries(enums).map(([name, values]) => [snakeCase(name), Object.values(values)]),
    );
    expect(inDatabase).toEqual(inClient);
  });
});

async function createOrder(overrides: Partial<Prisma.OrderUncheckedCreateInput>) {
  return db.prisma.order.create({
    data: {
      customerId,
      flow: "CASHIER",
      productCode: "51051000101000000011",
      currency: "IQD",
      amountFils: 1000n,
      idempotencyKey: `idem-${id()}`,
      paymentRequestId: `pr-${id()}`,
      ...overrides,
    },
  });
}
