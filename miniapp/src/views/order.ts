// One order, followed to its final status: the page reads the backend again (every second, then
// every five) until the order can no longer change. PROCESSING stays "processing" until the backend
// says otherwise; what my.tradePay answered is shown beside it, never in its place.
import { api, call, type Order } from "../api";
import { tradePay } from "../bridge";
import { changeQuantity } from "../cart";
import { el, screen } from "../dom";
import { backendProblem, failureText } from "../errors";
import { count, t } from "../i18n";
import { formatIqd } from "../money";
import { isFinal, statusText, waitsForShop } from "../order-status";
import { mayHavePaid, recentPayResult, rememberPayResult } from "../pay-result";
import { productName } from "../products";
import { problemBox } from "./problem";

const FAST_MS = 1000;
const SLOW_MS = 5000;
const FAST_READS = 30;
let following = 0;

function refundLine(order: Order): HTMLElement | undefined {
  if (BigInt(order.refunded) === 0n) return undefined;
  const amount = formatIqd(order.refunded);
  const text =
    BigInt(order.refunded) >= BigInt(order.amount.value)
      ? t("refundedAll", { amount })
      : t("refunded", { amount, total: formatIqd(order.amount.value) });
  return el(
    "section",
    { "aria-labelledby": "refund-title" },
    el("h2", { id: "refund-title" }, t("refundTitle")),
    el("p", { id: "refund" }, text),
  );
}

function actions(order: Order, payResult: string | undefined, follow: () => void): HTMLElement {
  const box = el("div", { class: "actions" });
  if (order.status === "PENDING" && order.redirectionUrl && !mayHavePaid(payResult)) {
    const url = order.redirectionUrl;
    box.append(
      el(
        "button",
        {
          type: "button",
          id: "pay-now",
          onclick: async () => {
            rememberPayResult(order.orderId, (await tradePay(url)).resultCode);
            follow();
          },
        },
        t("payNow"),
      ),
    );
  }
  if ((order.status === "CLOSED" || order.status === "FAILED") && order.items?.length) {
    const items = order.items;
    box.append(
      el(
        "button",
        {
          type: "button",
          id: "order-again",
          class: "secondary",
          onclick: () => {
            for (const item of items) changeQuantity(item.sku, item.quantity);
            window.location.hash = "#/cart";
          },
        },
        t("orderAgain"),
      ),
    );
  }
  if (waitsForShop(order)) {
    box.append(
      el(
        "button",
        { type: "button", id: "confirm-receipt", onclick: () => void confirm(order.orderId, follow) },
        t("confirmReceipt"),
      ),
    );
  }
  return box;
}

async function confirm(orderId: string, follow: () => void): Promise<void> {
  const area = document.getElementById("order-problem");
  try {
    await call(() => api.confirmReceipt(orderId));
    area?.replaceChildren(el("p", { class: "ok", role: "status" }, t("receiptConfirmed")));
  } catch (error) {
    area?.replaceChildren(problemBox(backendProblem(error)));
    return;
  }
  follow();
}

function orderView(order: Order, follow: () => void): Node[] {
  const payResult = recentPayResult(order.orderId);
  const checking = order.status === "PENDING" && mayHavePaid(payResult);
  return [
    el("h1", {}, t("orderTitle", { id: order.orderId.slice(-6) })),
    payResult
      ? el("p", { id: "pay-result", "data-code": payResult }, t(`pay_${payResult}` as "pay_9000"))
      : undefined,
    el(
      "p",
      { id: "order-status", class: "status", "data-status": order.status, role: "status" },
      checking ? t("checking") : statusText(order),
    ),
    order.status === "FAILED"
      ? el("p", { id: "failure", class: "problem" }, failureText(order.failure?.code))
      : undefined,
    el(
      "p",
      { class: "total" },
      `${t("total")}: `,
      el("strong", { id: "order-amount" }, formatIqd(order.amount.value)),
    ),
    el(
      "ul",
      { class: "items", "aria-label": t("orderItems") },
      ...(order.items ?? []).map((item) =>
        el(
          "li",
          {},
          `${productName(item)} × ${count(item.quantity)}`,
          el("span", { class: "price" }, formatIqd(BigInt(item.unitPrice) * BigInt(item.quantity))),
        ),
      ),
    ),
    refundLine(order),
    actions(order, payResult, follow),
    el("div", { id: "order-problem" }),
  ].filter((node): node is HTMLElement => node !== undefined);
}

/** Shows the order and keeps reading it until it is final (or the customer goes elsewhere). */
export function renderOrder(orderId: string): void {
  const show = screen();
  const run = ++following;
  let reads = 0;
  const follow = async (): Promise<void> => {
    if (run !== following) return;
    let order: Order;
    try {
      order = await call(() => api.getOrder(orderId));
    } catch (error) {
      if (run === following)
        show(
          el("h1", {}, t("navOrders")),
          problemBox(backendProblem(error), () => renderOrder(orderId)),
        );
      return;
    }
    if (run !== following) return;
    show(...orderView(order, () => renderOrder(orderId)));
    reads += 1;
    if (isFinal(order)) return;
    setTimeout(follow, waitsForShop(order) || reads > FAST_READS ? SLOW_MS : FAST_MS);
  };
  show(el("h1", {}, t("navOrders")), el("p", { role: "status" }, t("loading")));
  void follow();
}

/** Another page is shown: stop following. */
export function stopFollowing(): void {
  following += 1;
}
