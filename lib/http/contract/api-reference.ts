// The API's own description: this document, served at GET /api/openapi.json.
import { z } from "zod";
import { type ApiArea, defineEndpoint } from "./endpoint";
import { cacheHeaders, ifNoneMatchHeader } from "./shared-schemas";

const openApiDocument = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const getOpenApiDocument = defineEndpoint({
  operationId: "getOpenApiDocument",
  method: "get",
  path: "/api/openapi.json",
  summary: "This API's OpenAPI 3.1 document",
  description: "Generated from the schemas the routes validate with. Caches may keep it for 5 minutes.",
  auth: "public",
  headers: ifNoneMatchHeader,
  responses: {
    200: { description: "The document.", body: openApiDocument, headers: cacheHeaders },
    304: { description: "The copy named by If-None-Match is still current.", headers: cacheHeaders },
  },
  usesStorage: false,
  examples: [
    {
      name: "document",
      summary: "The document (abridged)",
      request: {},
      response: {
        status: 200,
        body: { openapi: "3.1.0", info: { title: "Wallet merchant backend", version: "0.1.0" }, paths: {} },
      },
    },
  ],
});

export const apiReference: ApiArea = {
  tag: "API reference",
  description: "This description of the API.",
  endpoints: [getOpenApiDocument],
};
