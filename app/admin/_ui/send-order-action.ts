"use client";
// One action on an order (accept, cancel, void, refund, reconcile) through the console's typed client,
// under the dialog's Idempotency-Key so that a retry is done once. Each action is its own operation in
// the contract; the body is the one the dialog read for that action (order-action-fields.tsx).
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import { consoleApi, sent } from "./console-api";

export function sendOrderAction(orderId: string, action: OrderActionName, body: object, key: string) {
  const init = { params: { path: { id: orderId }, header: { "Idempotency-Key": key } } };
  switch (action) {
    case "accept":
      return sent(consoleApi.POST("/api/admin/orders/{id}/accept", { ...init, body: body as never }));
    case "cancel":
      return sent(consoleApi.POST("/api/admin/orders/{id}/cancel", { ...init, body: body as never }));
    case "void":
      return sent(consoleApi.POST("/api/admin/orders/{id}/void", { ...init, body: body as never }));
    case "refund":
      return sent(consoleApi.POST("/api/admin/orders/{id}/refunds", { ...init, body: body as never }));
    case "reconcile":
      return sent(consoleApi.POST("/api/admin/orders/{id}/reconcile", { ...init, body: body as never }));
  }
}
