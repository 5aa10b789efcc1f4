// The catalog: every product with its price as people read it, and Add.
import { toast } from "../bridge";
import { changeQuantity } from "../cart";
import { el, screen } from "../dom";
import { backendProblem } from "../errors";
import { t } from "../i18n";
import { formatIqd } from "../money";
import { loadProducts, productName } from "../products";
import { problemBox } from "./problem";

export async function renderCatalog(): Promise<void> {
  const show = screen();
  show(el("h1", {}, t("navShop")), el("p", { role: "status" }, t("loading")));
  try {
    const products = await loadProducts();
    const list = el(
      "ul",
      { class: "products", id: "products" },
      ...products.map((product) => {
        const name = productName(product);
        return el(
          "li",
          { class: "product", "data-sku": product.sku },
          el("span", { class: "name" }, name),
          el("span", { class: "price" }, formatIqd(product.price.value)),
          el(
            "button",
            {
              type: "button",
              class: "add",
              "aria-label": t("addItem", { name }),
              onclick: () => {
                changeQuantity(product.sku, 1);
                toast(t("added", { name }));
              },
            },
            t("add"),
          ),
        );
      }),
    );
    show(el("h1", {}, t("navShop")), list);
  } catch (error) {
    show(
      el("h1", {}, t("navShop")),
      problemBox(backendProblem(error), () => void renderCatalog()),
    );
  }
}
