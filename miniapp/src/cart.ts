// The cart, kept in this device's storage across visits: SKU → quantity.
import { kept } from "./storage";

const CART_KEY = "cart";
const MAX_QUANTITY = 99;

export type Cart = Record<string, number>;

export function readCart(): Cart {
  try {
    const parsed: unknown = JSON.parse(kept.get(CART_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Cart) : {};
  } catch {
    return {};
  }
}

function save(cart: Cart): void {
  kept.set(CART_KEY, JSON.stringify(cart));
  document.dispatchEvent(new Event("cart-changed"));
}

export function changeQuantity(sku: string, delta: number): void {
  const cart = readCart();
  const quantity = Math.min(MAX_QUANTITY, (cart[sku] ?? 0) + delta);
  if (quantity <= 0) delete cart[sku];
  else cart[sku] = quantity;
  save(cart);
}

export function clearCart(): void {
  save({});
}

export function itemCount(cart: Cart = readCart()): number {
  return Object.values(cart).reduce((sum, quantity) => sum + quantity, 0);
}
