// What the mini program sees of an order (lib/payments/orders/order-view.ts), as every order endpoint answers it.
import { z } from "zod";
import type { PublicOrderStatus } from "@/lib/payments/orders/order-view";
import { OrderFlow } from "@/lib/platform/db";
import { fils, isoTime, money, rowId } from "../shared-schemas";

/** Every status orderView answers (a Record, so TypeScript refuses a missing or an extra one). */
const ORDER_STATUS_MEANINGS: Record<PublicOrderStatus, string> = {
  PROCESSING: "the wallet's answer is awaited or unknown; poll again",
  PENDING: "open redirectionUrl to pay at the wallet's cashier",
  PAID: "paid (escrow: held until the merchant accepts or cancels)",
  FAILED: "not paid; failure says why",
  CLOSED: "closed unpaid: expired, or cancelled at the cashier",
  ACCEPTED: "escrow: the merchant accepted it; confirm receipt once it arrives",
  CONFIRMED: "escrow: receipt confirmed, the funds went to the merchant",
  CANCELLED: "escrow: cancelled by the merchant; the held funds go back",
  VOIDED: "escrow: all of it voided back to the customer",
};

/** lib/payments/orders/order-view.ts: what the mini program sees of an order. */
export const orderView = z
  .object({
    orderId: rowId,
    flow: z.enum(OrderFlow),
    status: z.enum(Object.keys(ORDER_STATUS_MEANINGS) as [PublicOrderStatus, ...PublicOrderStatus[]]).meta({
      description: Object.entries(ORDER_STATUS_MEANINGS)
        .map(([status, meaning]) => `${status}: ${meaning}.`)
        .join(" "),
    }),
    amount: money,
    redirectionUrl: z.url().optional().meta({
      description: "Only while PENDING: the wallet's cashier page, opened with my.tradePay or a redirect.",
    }),
    failure: z
      .object({
        code: z.string().nullable().meta({ description: "The wallet's resultCode." }),
        message: z.string().optional().meta({ description: "What to tell the customer." }),
      })
      .optional()
      .meta({ description: "Only when FAILED." }),
    refunded: fils.meta({
      description: "Refunds the wallet confirmed; a refund still in flight is not counted.",
    }),
    voided: fils,
    items: z
      .array(
        z.object({
          sku: z.string(),
          name: z.string(),
          nameArabic: z.string().nullable().meta({
            description:
              "The product's Arabic name when the order was placed (null for orders placed before it was kept).",
          }),
          unitPrice: fils,
          quantity: z.number().int(),
        }),
      )
      .optional(),
    createdAt: isoTime,
    paidAt: isoTime.optional(),
  })
  .meta({ id: "Order" });
export type OrderViewJson = z.input<typeof orderView>;
