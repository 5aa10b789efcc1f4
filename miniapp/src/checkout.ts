// Checkout: POST /api/mini/orders with one Idempotency-Key per checkout (kept while retrying it, so
// a retry never places a second order), then my.tradePay when the wallet's cashier must confirm.
// The order page then follows the order to its final status.

import { ApiError, api, call, newIdempotencyKey } from "./api";
import { hideLoading, showLoading, tradePay } from "./bridge";
import { clearCart, readCart } from "./cart";
import { el } from "./dom";
import { backendProblem } from "./errors";
import { t } from "./i18n";
import { rememberPayResult } from "./pay-result";
import { visit } from "./storage";
import { problemBox } from "./views/problem";

type Flow = "CASHIER" | "ESCROW" | "AGREEMENT";
const KEY_STORE = "checkout";

/** The same key for the same cart and flow until that checkout succeeds. */
function checkoutKey(fingerprint: string): string {
  const stored = JSON.parse(visit.get(KEY_STORE) ?? "null") as {
    fingerprint: string;
    key: string;
  } | null;
  if (stored?.fingerprint === fingerprint) return stored.key;
  const key = newIdempotencyKey();
  visit.set(KEY_STORE, JSON.stringify({ fingerprint, key }));
  return key;
}

function showCheckoutProblem(error: unknown, flow: Flow): void {
  // One-tap pay without a bound agreement: the backend says the order cannot be paid that way.
  const noAgreement =
    flow === "AGREEMENT" && error instanceof ApiError && error.code === "ORDER_STATUS_INVALID";
  const problem = backendProblem(
    noAgreement ? new ApiError("NO_AGREEMENT", error.message, error.status) : error,
  );
  document
    .getElementById("checkout-problem")
    ?.replaceChildren(problemBox(problem, () => void checkout(flow)));
}

export async function checkout(flow: Flow): Promise<void> {
  const items = Object.entries(readCart()).map(([sku, quantity]) => ({ sku, quantity }));
  if (items.length === 0) return;
  const idempotencyKey = checkoutKey(JSON.stringify({ flow, items }));
  document.getElementById("checkout-problem")?.replaceChildren(el("p", { role: "status" }, t("paying")));
  showLoading(t("paying"));
  let order: Awaited<ReturnType<typeof createOrder>>;
  try {
    order = await createOrder(flow, items, idempotencyKey);
  } catch (error) {
    showCheckoutProblem(error, flow);
    return;
  } finally {
    hideLoading();
  }
  visit.remove(KEY_STORE);
  clearCart();
  if (order.status === "PENDING" && order.redirectionUrl) {
    const { resultCode } = await tradePay(order.redirectionUrl);
    rememberPayResult(order.orderId, resultCode);
  }
  window.location.hash = `#/orders/${encodeURIComponent(order.orderId)}`;
}

function createOrder(flow: Flow, items: { sku: string; quantity: number }[], idempotencyKey: string) {
  return call(() => api.createOrder({ flow, items }, idempotencyKey));
}
