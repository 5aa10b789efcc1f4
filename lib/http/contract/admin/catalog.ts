// The catalog as operators manage it: everyone reads it, ADMINs change it. Orders copy their lines
// when they are placed, so an edit applies to new orders only.
import { z } from "zod";
import { productInput, productParams, productUpdate } from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { MISSING_ID, PRODUCT_ID, permissionMissing, productExample } from "./examples";
import { productRecord } from "./records";

const productList = z.object({
  products: z.array(productRecord).meta({ description: "Active ones first, then by SKU." }),
});
export type ProductListJson = z.input<typeof productList>;
export type ProductJson = z.input<typeof productRecord>;

export const adminListProducts = defineEndpoint({
  operationId: "adminListProducts",
  method: "get",
  path: "/api/admin/products",
  summary: "Every product, inactive ones too",
  auth: { operator: "orders.read" },
  responses: { 200: { description: "The catalog.", body: productList } },
  examples: [
    {
      name: "catalog",
      summary: "One product",
      request: {},
      response: { status: 200, body: { products: [productExample] } },
    },
  ],
});

const samoon = {
  ...productExample,
  id: "0193a610-22c4-7b9e-a0d3-5f1e8c7b2a96",
  sku: "SAMOON",
  name: "Samoon bread",
  nameArabic: "صمون",
  priceFils: "500000",
  createdAt: "2026-11-22T10:30:00.000Z",
  updatedAt: "2026-11-22T10:30:00.000Z",
};

export const adminCreateProduct = defineEndpoint({
  operationId: "adminCreateProduct",
  method: "post",
  path: "/api/admin/products",
  summary: "Add a product",
  description: "Sold from the next order on. Audited.",
  auth: { operator: "catalog.edit" },
  body: productInput,
  responses: { 201: { description: "The new product.", body: productRecord } },
  // A SKU or e-mail already taken, by an existing record or a concurrent request.
  errors: ["CONFLICT"],
  examples: [
    {
      name: "samoon",
      summary: "Bread at 500 IQD",
      request: { body: { sku: "SAMOON", name: "Samoon bread", nameArabic: "صمون", priceFils: "500000" } },
      response: { status: 201, body: samoon },
    },
    {
      name: "sku-taken",
      summary: "A SKU the catalog has",
      request: { body: { sku: "DATES", name: "Dates", nameArabic: "تمر", priceFils: 12000000 } },
      response: {
        status: 409,
        body: {
          error: { code: "CONFLICT", message: "A product with SKU DATES exists already." },
        },
      },
    },
  ],
});

export const adminUpdateProduct = defineEndpoint({
  operationId: "adminUpdateProduct",
  method: "patch",
  path: "/api/admin/products/{id}",
  summary: "Change a product's names, price or whether it is sold",
  description: "Applies to new orders only: an order placed already keeps its lines and prices. Audited.",
  auth: { operator: "catalog.edit" },
  params: productParams,
  body: productUpdate,
  responses: { 200: { description: "The product after the change.", body: productRecord } },
  errors: ["NOT_FOUND", "CONFLICT"],
  examples: [
    {
      name: "new-price",
      summary: "Dates at 14,000 IQD from now on",
      request: { params: { id: PRODUCT_ID }, body: { priceFils: "14000000" } },
      response: {
        status: 200,
        body: { ...productExample, priceFils: "14000000", updatedAt: "2026-11-22T10:31:00.000Z" },
      },
    },
    {
      name: "price-slip",
      summary: "Dates at 12 IQD instead of 12,000: refused until confirmed",
      request: { params: { id: PRODUCT_ID }, body: { priceFils: "12000" } },
      response: {
        status: 409,
        body: {
          error: {
            code: "CONFLICT",
            message:
              "The new price is less than a tenth of the current one: send confirmLargePriceChange: true if that is meant.",
            details: { reason: "LARGE_PRICE_CHANGE", beforeFils: "12000000", afterFils: "12000" },
          },
        },
      },
    },
    {
      name: "no-such-product",
      summary: "An id no product has",
      request: { params: { id: MISSING_ID }, body: { active: false } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such product." } } },
    },
    {
      name: "operator-role",
      summary: "Only admins change the catalog",
      request: { params: { id: PRODUCT_ID }, body: { active: false } },
      response: permissionMissing("catalog.edit", "Finance"),
    },
  ],
});
