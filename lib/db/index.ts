// The database layer's public surface: the client and the generated model types and enums, so
// domain code imports from "@/lib/db" rather than from the generated folder.
export type {
  Agreement,
  ApiKey,
  Customer,
  EscrowOperation,
  Notification,
  Operator,
  Order,
  OrderEvent,
  OrderItem,
  Product,
  PushMessage,
  Refund,
  WalletCall,
  WalletToken,
} from "@/generated/prisma/client";
export { Prisma, PrismaClient } from "@/generated/prisma/client";
export * from "@/generated/prisma/enums";
export { createPrismaClient, disconnectPrisma, getPrisma } from "./client";
