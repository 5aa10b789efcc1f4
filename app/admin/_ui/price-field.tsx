"use client";
// The price of a product as the operator types it, said back before it is saved: "Iraqi tea:
// 1,000 IQD → 1,250 IQD", and in words ("one thousand two hundred and fifty dinars"), so "1.250"
// is seen and heard as one thousand two hundred and fifty. A fraction of a dinar is refused
// (lib/platform/money/parse-price.ts); a change beyond tenfold either way must be confirmed with a
// checkbox (lib/payments/catalog/price-change.ts), which the API checks too.
import { useState } from "react";
import { dinarsInWords } from "@/lib/console/i18n/amount-words";
import { formatAmount } from "@/lib/console/i18n/format";
import type { Translate } from "@/lib/console/i18n/translate";
import { priceChangeSize } from "@/lib/payments/catalog/price-change";
import { filsToInput } from "@/lib/platform/money/parse-iqd";
import { parsePrice } from "@/lib/platform/money/parse-price";
import { useLocale, useT } from "./i18n-client";

/** What the form sends for a price, or why it cannot. */
export function readPrice(
  form: FormData,
  beforeFils: bigint | undefined,
  t: Translate,
): { priceFils: bigint; confirmLargePriceChange: boolean } | { problem: string } {
  const parsed = parsePrice(String(form.get("price") ?? ""));
  if (parsed.kind === "fraction") return { problem: t("catalog.price.fraction") };
  if (parsed.kind === "invalid") return { problem: t("catalog.price.invalid") };
  const size = beforeFils === undefined ? "SMALL" : priceChangeSize(beforeFils, parsed.fils);
  const large = size === "LARGE_RISE" || size === "LARGE_DROP";
  if (large && form.get("confirmLargePriceChange") !== "on")
    return { problem: t("catalog.price.confirmFirst") };
  return { priceFils: parsed.fils, confirmLargePriceChange: large };
}

export function PriceField({
  product,
}: {
  product?: { name: string; nameArabic: string; priceFils: string };
}) {
  const t = useT();
  const locale = useLocale();
  const before = product ? BigInt(product.priceFils) : undefined;
  const [text, setText] = useState(before === undefined ? "" : filsToInput(before));
  const parsed = parsePrice(text);
  const size =
    parsed.kind === "price" && before !== undefined ? priceChangeSize(before, parsed.fils) : "SMALL";
  const name = product ? (locale === "ar" ? product.nameArabic : product.name) : "";
  return (
    <>
      <label className="field">
        <span>{t("catalog.col.price")}</span>
        <input
          name="price"
          required
          inputMode="numeric"
          dir="ltr"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="price-restated"
        />
      </label>
      <div id="price-restated" data-testid="price-restated" aria-live="polite" className="stack">
        {text.trim() === "" ? null : parsed.kind === "price" ? (
          <p className="formula">
            <bdi>
              {before === undefined
                ? t("catalog.price.restateNew", { after: formatAmount(parsed.fils, locale) })
                : t("catalog.price.restate", {
                    name,
                    before: formatAmount(before, locale),
                    after: formatAmount(parsed.fils, locale),
                  })}
            </bdi>
            <br />
            <span className="muted" data-testid="price-words">
              {dinarsInWords(parsed.fils / 1000n, locale)}
            </span>
          </p>
        ) : (
          <p className="notice notice-bad" role="alert">
            {parsed.kind === "fraction" ? t("catalog.price.fraction") : t("catalog.price.invalid")}
          </p>
        )}
        {size === "LARGE_RISE" || size === "LARGE_DROP" ? (
          <div className="notice notice-warn" data-testid="price-warning">
            <p>{size === "LARGE_RISE" ? t("catalog.price.largeRise") : t("catalog.price.largeDrop")}</p>
            <label className="field field-check">
              <input type="checkbox" name="confirmLargePriceChange" />
              <span>{t("catalog.price.confirm")}</span>
            </label>
          </div>
        ) : null}
      </div>
    </>
  );
}
