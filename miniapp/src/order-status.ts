// An order's status in words, and whether it can still change.
import type { Order } from "./api";
import { t } from "./i18n";
import type { MessageKey } from "./messages";

const ALWAYS_FINAL = new Set(["FAILED", "CLOSED", "CONFIRMED", "CANCELLED", "VOIDED"]);

/** Final: nothing more will happen to it without someone acting (escrow waits for the shop). */
export function isFinal(order: Order): boolean {
  if (ALWAYS_FINAL.has(order.status)) return true;
  return order.status === "PAID" && order.flow !== "ESCROW";
}

/** Escrow orders paid and waiting for the shop: followed, but slowly. */
export function waitsForShop(order: Order): boolean {
  return order.flow === "ESCROW" && (order.status === "PAID" || order.status === "ACCEPTED");
}

export function statusText(order: Order): string {
  const key =
    order.flow === "ESCROW" && order.status === "PAID" ? "status_PAID_ESCROW" : `status_${order.status}`;
  return t(key as MessageKey);
}
