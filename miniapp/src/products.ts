// The catalog, read once per visit (the backend lets caches keep it for a minute anyway).
import { api, call, type Product } from "./api";
import { language } from "./i18n";

let catalog: Promise<Product[]> | undefined;

export function loadProducts(): Promise<Product[]> {
  catalog ??= call(() => api.listProducts(), "public").then((answer) => answer.products);
  catalog.catch(() => {
    catalog = undefined; // a failure is not kept: the next visit asks again
  });
  return catalog;
}

export function productName(product: { name: string; nameArabic?: string | null }): string {
  return language() === "ar" && product.nameArabic ? product.nameArabic : product.name;
}
