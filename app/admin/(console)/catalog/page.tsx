import type { Metadata } from "next";
import { listProducts } from "@/lib/admin/catalog";
import { hasRole } from "@/lib/auth/roles";
import { consolePage } from "../../_ui/console-page";
import { Amount } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";
import { ProductForm } from "../../_ui/product-form";

export const metadata: Metadata = { title: "Catalog" };

export default async function CatalogPage() {
  const { ctx, locale, t, operator } = await consolePage();
  const products = await listProducts(ctx.prisma);
  const canEdit = hasRole(operator.role, "ADMIN");
  return (
    <>
      <PageHead title={t("catalog.title")} sub={t("catalog.intro")}>
        {canEdit ? <ProductForm /> : null}
      </PageHead>
      {canEdit ? null : <p className="notice notice-info">{t("catalog.readOnly")}</p>}
      {products.length === 0 ? (
        <p className="card empty">{t("common.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="data" id="products">
            <thead>
              <tr>
                <th>{t("catalog.col.sku")}</th>
                <th>{t("catalog.col.name")}</th>
                <th>{t("catalog.col.nameArabic")}</th>
                <th className="num">{t("catalog.col.price")}</th>
                <th>{t("catalog.col.active")}</th>
                {canEdit ? <th>{t("common.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id} data-sku={product.sku}>
                  <td className="mono">{product.sku}</td>
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
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
