"use client";
// Adding or editing a product (ADMIN). Prices are typed in whole dinars, said back before saving
// (price-field.tsx) and sent in fils; an edit applies to orders placed after it, never to one already
// placed.
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";
import { PriceField, readPrice } from "@/app/admin/_ui/price-field";

export interface ProductRow {
  id: string;
  sku: string;
  name: string;
  nameArabic: string;
  priceFils: string;
  active: boolean;
}

export function ProductForm({ product }: { product?: ProductRow }) {
  const t = useT();
  const errorText = useErrorText();

  async function submit(form: FormData): Promise<string | undefined> {
    const price = readPrice(form, product ? BigInt(product.priceFils) : undefined, t);
    if ("problem" in price) return price.problem;
    const body = {
      ...(product
        ? {}
        : {
            sku: String(form.get("sku") ?? "")
              .trim()
              .toUpperCase(),
          }),
      name: String(form.get("name") ?? ""),
      nameArabic: String(form.get("nameArabic") ?? ""),
      priceFils: price.priceFils.toString(),
      active: form.get("active") === "on",
      ...(product && price.confirmLargePriceChange ? { confirmLargePriceChange: true } : {}),
    };
    const answer = product
      ? await sent(
          consoleApi.PATCH("/api/admin/products/{id}", { params: { path: { id: product.id } }, body }),
        )
      : await sent(consoleApi.POST("/api/admin/products", { body: { ...body, sku: body.sku ?? "" } }));
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }

  return (
    <FormDialog
      trigger={product ? t("catalog.edit") : t("catalog.add")}
      triggerClass={product ? "btn btn-small" : "btn btn-primary"}
      triggerData={product?.sku ?? "new-product"}
      title={product ? `${t("catalog.edit")}: ${product.sku}` : t("catalog.add")}
      submit={submit}
    >
      {product ? null : (
        <label className="field">
          <span>{t("catalog.col.sku")}</span>
          <input name="sku" required maxLength={64} pattern="[A-Za-z0-9][A-Za-z0-9_\-]*" dir="ltr" />
        </label>
      )}
      <label className="field">
        <span>{t("catalog.col.name")}</span>
        <input name="name" required maxLength={120} defaultValue={product?.name} dir="ltr" lang="en" />
      </label>
      <label className="field">
        <span>{t("catalog.col.nameArabic")}</span>
        <input
          name="nameArabic"
          required
          maxLength={120}
          defaultValue={product?.nameArabic}
          dir="rtl"
          lang="ar"
        />
      </label>
      <PriceField product={product} />
      <label className="field field-check">
        <input type="checkbox" name="active" defaultChecked={product?.active ?? true} />
        <span>{t("catalog.col.active")}</span>
      </label>
    </FormDialog>
  );
}
