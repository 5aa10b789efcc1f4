// The cart and checkout: the cashier (my.tradePay), escrow, or one-tap pay under the agreement.
import type { Product } from "../api";
import { changeQuantity, readCart } from "../cart";
import { checkout } from "../checkout";
import { el, screen } from "../dom";
import { backendProblem } from "../errors";
import { count, t } from "../i18n";
import { formatIqd } from "../money";
import { loadProducts, productName } from "../products";
import { problemBox } from "./problem";

function line(product: Product, quantity: number): HTMLElement {
  const name = productName(product);
  return el(
    "li",
    { class: "cart-line", "data-sku": product.sku },
    el("span", { class: "name" }, name),
    el(
      "span",
      { class: "quantity" },
      el(
        "button",
        { type: "button", "aria-label": t("decrease", { name }), onclick: () => update(product.sku, -1) },
        "−",
      ),
      el("output", { "aria-label": t("quantityOf", { name }) }, count(quantity)),
      el(
        "button",
        { type: "button", "aria-label": t("increase", { name }), onclick: () => update(product.sku, 1) },
        "+",
      ),
    ),
    el("span", { class: "price" }, formatIqd(BigInt(product.price.value) * BigInt(quantity))),
  );
}

function update(sku: string, delta: number): void {
  changeQuantity(sku, delta);
  void renderCart();
}

function checkoutButtons(): HTMLElement {
  const pay = (flow: "CASHIER" | "ESCROW" | "AGREEMENT") => () => void checkout(flow);
  return el(
    "div",
    { class: "checkout" },
    el("button", { type: "button", id: "pay-cashier", onclick: pay("CASHIER") }, t("payCashier")),
    el(
      "button",
      { type: "button", id: "pay-escrow", class: "secondary", onclick: pay("ESCROW") },
      t("payEscrow"),
    ),
    el(
      "button",
      { type: "button", id: "pay-agreement", class: "secondary", onclick: pay("AGREEMENT") },
      t("payAgreement"),
    ),
    el("p", { class: "hint" }, t("oneTapHint")),
    el("div", { id: "checkout-problem" }),
  );
}

export async function renderCart(): Promise<void> {
  const show = screen();
  const cart = readCart();
  let products: Product[];
  try {
    products = await loadProducts();
  } catch (error) {
    show(
      el("h1", {}, t("navCart")),
      problemBox(backendProblem(error), () => void renderCart()),
    );
    return;
  }
  const lines = products.filter((product) => (cart[product.sku] ?? 0) > 0);
  if (lines.length === 0) {
    show(el("h1", {}, t("navCart")), el("p", { id: "cart-empty" }, t("cartEmpty")));
    return;
  }
  const total = lines.reduce(
    (sum, product) => sum + BigInt(product.price.value) * BigInt(cart[product.sku] ?? 0),
    0n,
  );
  show(
    el("h1", {}, t("navCart")),
    el("ul", { class: "cart", id: "cart" }, ...lines.map((product) => line(product, cart[product.sku] ?? 0))),
    el("p", { class: "total" }, `${t("total")}: `, el("strong", { id: "cart-total" }, formatIqd(total))),
    checkoutButtons(),
  );
}
