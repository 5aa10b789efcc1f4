// The values of the mini program's examples in the API reference: ids, times and orders that the
// endpoints' examples share, so they tell one consistent story.
import type { OrderViewJson } from "./order-view";

export const ORDER_ID = "0193a5d2-7c41-7b3e-9f20-5c8d1e6a4b70";
export const OTHER_ORDER_ID = "0193a5d2-7c41-7b3e-9f20-5c8d1e6a4b71";
export const CUSTOMER_ID = "0193a5c9-1f0e-7a62-8d4b-2e7f90c3a512";
export const AGREEMENT_ID = "0193a5e0-44b1-7c09-a3d6-7b1f28e95c04";
export const OPERATION_ID = "0193a5f1-0a2c-7e48-b5f7-93c4d61e2a88";
const CREATED_AT = "2026-11-22T09:30:00.000Z";
export const SESSION_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMTkzYTVjOS0xZjBlIn0.c2lnbmF0dXJl";

const orderExampleBase = {
  orderId: ORDER_ID,
  flow: "CASHIER",
  amount: { currency: "IQD", value: "5000000" },
  refunded: "0",
  voided: "0",
  items: [
    { sku: "COFFEE", name: "Cardamom coffee", nameArabic: "قهوة بالهيل", unitPrice: "2500000", quantity: 2 },
  ],
  createdAt: CREATED_AT,
} satisfies Partial<OrderViewJson>;

export const pendingOrderExample = {
  ...orderExampleBase,
  status: "PENDING",
  redirectionUrl: "https://wallet.example/cashier/pay/20261122000000001",
} satisfies OrderViewJson;

export const paidOrderExample = {
  ...orderExampleBase,
  status: "PAID",
  paidAt: "2026-11-22T09:31:12.000Z",
} satisfies OrderViewJson;
