import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount } from "@/app/admin/_ui/format";
import type { Locale } from "@/lib/console/i18n/translate";
import type { SectionProps } from "./section-props";

/**
 * A line's product name in the console's language, with the other one beneath when the line kept both
 * (lines from before the Arabic name was kept have the English one only).
 */
function ItemName({ name, nameArabic, locale }: { name: string; nameArabic: string | null; locale: Locale }) {
  const [first, second] = locale === "ar" && nameArabic ? [nameArabic, name] : [name, nameArabic];
  return (
    <>
      <bdi>{first}</bdi>
      {/* The block takes the page's direction (so it lines up under the first name); bdi keeps the
          other language's text in its own order. */}
      {second && second !== first ? (
        <span className="muted item-other-name">
          <bdi>{second}</bdi>
        </span>
      ) : null}
    </>
  );
}

/** What the customer bought, at the prices of the moment they ordered. */
export function ItemsSection({ detail: { order }, locale, t }: SectionProps) {
  return (
    <section className="card" style={{ marginTop: "1rem" }}>
      <h2>{t("order.items")}</h2>
      <DataTable
        cards
        columns={[
          { label: t("order.item.sku") },
          { label: t("order.item.name") },
          { label: t("order.item.quantity"), num: true },
          { label: t("order.item.unitPrice"), num: true },
          { label: t("order.item.total"), num: true },
        ]}
      >
        {order.items.map((item) => (
          <tr key={item.id}>
            <td className="mono nowrap">{item.sku}</td>
            <td>
              <ItemName name={item.name} nameArabic={item.nameArabic} locale={locale} />
            </td>
            <td className="num">{item.quantity}</td>
            <td className="num">
              <Amount fils={item.unitPriceFils} locale={locale} />
            </td>
            <td className="num">
              <Amount fils={item.unitPriceFils * BigInt(item.quantity)} locale={locale} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
