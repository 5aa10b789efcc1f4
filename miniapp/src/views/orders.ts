// The order history: newest first, each with its status in words.
import { api, call } from "../api";
import { el, screen } from "../dom";
import { backendProblem } from "../errors";
import { t } from "../i18n";
import { formatIqd } from "../money";
import { statusText } from "../order-status";
import { problemBox } from "./problem";

export async function renderOrders(): Promise<void> {
  const show = screen();
  show(el("h1", {}, t("ordersTitle")), el("p", { role: "status" }, t("loading")));
  try {
    const { orders } = await call(() => api.listOrders({ limit: 20 }));
    if (orders.length === 0) {
      show(el("h1", {}, t("ordersTitle")), el("p", { id: "orders-empty" }, t("ordersEmpty")));
      return;
    }
    const list = el(
      "ul",
      { class: "orders", id: "orders" },
      ...orders.map((order) =>
        el(
          "li",
          { "data-order": order.orderId },
          el(
            "a",
            { href: `#/orders/${encodeURIComponent(order.orderId)}` },
            t("viewOrder", { amount: formatIqd(order.amount.value), status: statusText(order) }),
          ),
          el("span", { class: "status", "data-status": order.status }, statusText(order)),
        ),
      ),
    );
    show(el("h1", {}, t("ordersTitle")), list);
  } catch (error) {
    show(
      el("h1", {}, t("ordersTitle")),
      problemBox(backendProblem(error), () => void renderOrders()),
    );
  }
}
