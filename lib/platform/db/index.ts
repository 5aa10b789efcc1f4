// The database layer's public surface: the client and the generated model types and enums, so
// domain code imports from "@/lib/platform/db" rather than from the generated folder.
export type {
  Agreement,
  AlertMessage,
  AlertRule,
  ApiKey,
  AuditEntry,
  DeliveryAttempt,
  EscrowOperation,
  EventDelivery,
  Notification,
  NotificationRejection,
  Operator,
  OperatorSession,
  Order,
  OrderItem,
  OutboxEvent,
  Passkey,
  Product,
  PushMessage,
  Refund,
  RefundRequest,
  Role,
  Subscription,
  SubscriptionPeriod,
  SubscriptionPlan,
  WalletToken,
  WebhookEndpoint,
} from "@/generated/prisma/client";
export { Prisma, PrismaClient } from "@/generated/prisma/client";
export * from "@/generated/prisma/enums";
