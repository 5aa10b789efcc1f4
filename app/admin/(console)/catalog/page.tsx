import type { Metadata } from "next";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { listProducts } from "@/lib/console/catalog";
import { can } from "@/lib/operators/roles/permissions";
import { ProductForm } from "./product-form";

export const metadata: Metadata = { title: "Catalog" };

export default async function CatalogPage() {
  const { ctx, locale, t, operator } = await consolePage();
  const products = await listProducts(ctx.prisma);
  const canEdit = can(operator, "catalog.edit");
  return (
    <>
      <PageHead title={t("catalog.title")} sub={t("catalog.intro")}>
        {canEdit ? <ProductForm /> : null}
      </PageHead>
      {canEdit ? null : <p className="notice notice-info">{t("catalog.readOnly")}</p>}
      {products.length === 0 ? (
        <p className="card empty">{t("common.empty")}</p>
      ) : (
        <DataTable
          cards
          id="products"
          columns={[
            { label: t("catalog.col.sku") },
            { label: t("catalog.col.name") },
            { label: t("catalog.col.nameArabic") },
            { label: t("catalog.col.price"), num: true },
            { label: t("catalog.col.active") },
            canEdit && { label: t("common.actions") },
          ]}
        >
          {products.map((product) => (
            <tr key={product.id} data-sku={product.sku}>
              <td className="mono nowrap">{product.sku}</td>
              <td dir="auto">{product.name}</td>
              <td dir="auto" lang="ar">
                {product.nameArabic}
              </td>
              <td className="num">
                <Amount fils={product.priceFils} locale={locale} />
              </td>
              <td>
                <span className={`badge ${product.active ? "tone-ok" : ""}`}>
                  {product.active ? t("common.yes") : t("common.no")}
                </span>
              </td>
              {canEdit ? (
                <td>
                  <ProductForm
                    product={{
                      id: product.id,
                      sku: product.sku,
                      name: product.name,
                      nameArabic: product.nameArabic,
                      priceFils: product.priceFils.toString(),
                      active: product.active,
                    }}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
