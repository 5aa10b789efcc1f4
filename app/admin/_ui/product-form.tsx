"use client";
// Adding or editing a product (ADMIN). Prices are typed in dinars and sent in fils; an edit applies to
// orders placed after it, never to one already placed.
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { filsToInput, parseIqd } from "@/lib/money/parse-iqd";
import { callAdminApi, errorText } from "./admin-api";
import { useT } from "./i18n-client";

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
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = parseIqd(String(form.get("price") ?? ""));
    if (price === null || price <= 0n) {
      setProblem(t("action.invalidAmount"));
      return;
    }
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
      priceFils: price.toString(),
      active: form.get("active") === "on",
    };
    setWorking(true);
    const answer = product
      ? await callAdminApi(`/api/admin/products/${product.id}`, { method: "PATCH", body })
      : await callAdminApi("/api/admin/products", { body });
    setWorking(false);
    if (!answer.ok) {
      setProblem(t("common.error", { message: errorText(answer) }));
      return;
    }
    dialog.current?.close();
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className={product ? "btn btn-small" : "btn btn-primary"}
        data-product={product?.sku ?? "new"}
        onClick={() => {
          setProblem("");
          dialog.current?.showModal();
        }}
      >
        {product ? t("catalog.edit") : t("catalog.add")}
      </button>
      <dialog ref={dialog} className="confirm" aria-label={product ? product.sku : t("catalog.add")}>
        <form onSubmit={submit}>
          <div className="dialog-body stack">
            <h2>{product ? `${t("catalog.edit")}: ${product.sku}` : t("catalog.add")}</h2>
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
            <label className="field">
              <span>{t("catalog.col.price")}</span>
              <input
                name="price"
                required
                inputMode="decimal"
                dir="ltr"
                defaultValue={product ? filsToInput(BigInt(product.priceFils)) : ""}
              />
            </label>
            <label className="field field-check">
              <input type="checkbox" name="active" defaultChecked={product?.active ?? true} />
              <span>{t("catalog.col.active")}</span>
            </label>
            {problem ? (
              <p className="notice notice-bad" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="dialog-foot">
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              {t("common.cancel")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={working}>
              {working ? t("common.loading") : t("common.save")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
