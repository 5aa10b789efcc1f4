// The reference mini program: signs in silently, then shows the shop. Pages by the address's hash
// (#/, #/cart, #/orders, #/orders/<id>, #/subscriptions, #/account), so the wallet may host it as
// static files.
import "./styles.css";
import { walletLanguage } from "./bridge";
import { itemCount } from "./cart";
import { el, staysAbovePages } from "./dom";
import { backendProblem } from "./errors";
import { count, initialLanguage, language, setLanguage, t } from "./i18n";
import { signIn } from "./session";
import { renderAccount } from "./views/account";
import { renderCart } from "./views/cart";
import { renderCatalog } from "./views/catalog";
import { renderOrder, stopFollowing } from "./views/order";
import { renderOrders } from "./views/orders";
import { problemBox } from "./views/problem";
import { renderSubscriptions } from "./views/subscriptions";

const PAGES: { path: string; label: () => string }[] = [
  { path: "#/", label: () => t("navShop") },
  { path: "#/cart", label: () => `${t("navCart")} (${count(itemCount())})` },
  { path: "#/orders", label: () => t("navOrders") },
  { path: "#/subscriptions", label: () => t("navSubscriptions") },
  { path: "#/account", label: () => t("navAccount") },
];

function currentPath(): string {
  return window.location.hash.startsWith("#/") ? window.location.hash : "#/";
}

function shell(): HTMLElement {
  const path = currentPath();
  return el(
    "div",
    { class: "shell" },
    el(
      "header",
      {},
      el("span", { class: "brand" }, t("shopName")),
      el(
        "button",
        {
          type: "button",
          id: "switch-language",
          lang: language() === "ar" ? "en" : "ar",
          onclick: switchLanguage,
        },
        t("switchLanguage"),
      ),
    ),
    el(
      "nav",
      { "aria-label": t("shopName") },
      ...PAGES.map((page) => {
        const active = page.path === "#/" ? path === "#/" : path.startsWith(page.path);
        return el("a", { href: page.path, "aria-current": active ? "page" : undefined }, page.label());
      }),
    ),
    el("main", { id: "main" }),
  );
}

function route(): void {
  stopFollowing();
  document.getElementById("app")?.replaceChildren(shell());
  const path = currentPath();
  const order = path.match(/^#\/orders\/(.+)$/);
  if (order) renderOrder(decodeURIComponent(order[1] ?? ""));
  else if (path === "#/cart") void renderCart();
  else if (path === "#/orders") void renderOrders();
  else if (path === "#/subscriptions") void renderSubscriptions();
  else if (path === "#/account") void renderAccount();
  else void renderCatalog();
}

function switchLanguage(): void {
  setLanguage(language() === "ar" ? "en" : "ar", true);
  route();
}

/**
 * A failed sign-in, in words above the page, with a way to try again. It stays when the page it
 * was put above finishes loading (the catalog may answer after the wallet refused the sign-in).
 */
function signInFailed(error: unknown): void {
  const box = problemBox(backendProblem(error), () => {
    box.remove();
    signIn().catch(signInFailed);
    route();
  });
  box.id = "sign-in-problem";
  document.getElementById("main")?.prepend(staysAbovePages(box));
}

/** The page at once; the silent sign-in beside it (the catalog needs no session). */
function start(): void {
  window.addEventListener("hashchange", route);
  document.addEventListener("cart-changed", () => {
    const cartLink = document.querySelector('nav a[href="#/cart"]');
    if (cartLink) cartLink.textContent = PAGES[1]?.label() ?? "";
  });
  route();
  signIn().catch(signInFailed);
}

walletLanguage().then((wallet) => {
  setLanguage(initialLanguage(wallet));
  start();
});
