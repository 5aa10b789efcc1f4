// The OpenAPI document as built from the endpoint contracts: valid OpenAPI 3.1, every $ref resolving,
// every example fitting both the zod schema the route validates with and the schema the document
// publishes, and an area added to the registry (the admin API, later) documented like the others.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_AREAS, allEndpoints, MINI_PROGRAM_CLIENT_AREAS } from "@/lib/http/contract";
import { operatorConsoleApi } from "@/lib/http/contract/admin";
import { type ApiArea, defineEndpoint } from "@/lib/http/contract/endpoint";
import { buildOpenApiDocument } from "@/lib/http/openapi-document";
import { openApiChecker, refsIn, resolveLocalRef } from "@/test/support/openapi";

const document = buildOpenApiDocument();
const checker = openApiChecker(document);
const endpoints = allEndpoints();

const PARAMETER_SOURCES = [
  ["path", "params"],
  ["query", "query"],
  ["header", "headers"],
] as const;

const cases = endpoints.flatMap((endpoint) =>
  endpoint.examples.map(
    (example) => [`${endpoint.operationId}: ${example.name}`, endpoint, example] as const,
  ),
);

function zodProblems(schema: z.ZodType | undefined, value: unknown): string[] {
  if (!schema) return ["no schema to check it against"];
  const parsed = schema.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(
      // As served: JSON text, parsed.
      JSON.parse(JSON.stringify(document)) as Record<string, unknown>,
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("resolves every $ref inside itself", () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(10);
    const dangling = refs.filter(({ ref }) => resolveLocalRef(document, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it("lists each endpoint once, under a unique operationId", () => {
    const ids = endpoints.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const operations = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as object).filter((value) => typeof value === "object" && "operationId" in value),
    );
    expect(operations.map((operation) => (operation as { operationId: string }).operationId).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it("is the same every time it is built (the committed client types depend on it)", () => {
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it("documents a success answer with an example for every endpoint", () => {
    const without = endpoints.filter(
      (endpoint) => !endpoint.examples.some((example) => endpoint.responses[example.response.status]),
    );
    expect(without.map((endpoint) => endpoint.operationId)).toEqual([]);
  });

  it("does not let an undocumented code, field or status through (so the checks below can fail)", () => {
    const notFound = { error: { code: "NOT_FOUND", message: "No such order." } };
    expect(checker.answerProblems("/api/mini/orders/{id}", "get", 404, notFound)).toEqual([]);
    expect(
      checker.answerProblems("/api/mini/orders/{id}", "get", 404, {
        error: { ...notFound.error, code: "FORBIDDEN" },
      }),
    ).not.toEqual([]);
    expect(
      checker.answerProblems("/api/mini/orders/{id}", "get", 404, {
        error: notFound.error,
        stack: "at x.ts:1",
      }),
    ).not.toEqual([]);
    expect(checker.answerProblems("/api/mini/orders/{id}", "get", 418, notFound)).not.toEqual([]);
    expect(
      checker.answerProblems("/api/mini/orders", "get", 200, {
        orders: [{ orderId: "x" }],
        nextBefore: null,
      }),
    ).not.toEqual([]);
  });
});

describe("every example fits its schemas", () => {
  it.each(cases)(
    "%s: the request fits what the route validates and what the document says",
    (_name, endpoint, example) => {
      const request = example.request as Record<string, Record<string, unknown> | undefined> & {
        body?: unknown;
      };
      for (const [location, source] of PARAMETER_SOURCES) {
        const values = request[source];
        if (values === undefined) continue;
        expect(zodProblems(endpoint[source], values), `${source} by zod`).toEqual([]);
        for (const [name, value] of Object.entries(values)) {
          expect(
            checker.parameterProblems(endpoint.path, endpoint.method, location, name, value),
            name,
          ).toEqual([]);
        }
      }
      if (request.body !== undefined) {
        // The wallet's route reads raw text: its body is checked by the intake with the same schemas.
        expect(zodProblems(endpoint.body, request.body), "body by zod").toEqual([]);
        expect(checker.requestBodyProblems(endpoint.path, endpoint.method, request.body)).toEqual([]);
      }
    },
  );

  it.each(cases)("%s: the answer fits the document", (_name, endpoint, example) => {
    const { status, body } = example.response;
    expect(checker.answerProblems(endpoint.path, endpoint.method, status, body)).toEqual([]);
    const success = endpoint.responses[status];
    if (success?.body) expect(zodProblems(success.body, body)).toEqual([]);
  });

  it("carries these examples under their names, which are unique per endpoint", () => {
    for (const endpoint of endpoints) {
      const names = endpoint.examples.map((example) => example.name);
      expect(new Set(names).size, endpoint.operationId).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    for (const [name, endpoint, example] of cases) {
      const operation = checker.operation(endpoint.path, endpoint.method) as unknown as {
        requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
        responses: Record<
          string,
          { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }
        >;
      };
      const mediaType = checker.answerMediaType(endpoint.path, endpoint.method, example.response.status);
      const answer = operation.responses[String(example.response.status)]?.content?.[String(mediaType)];
      if (example.response.body !== undefined) {
        expect(answer?.examples?.[example.name]?.value, name).toEqual(example.response.body);
      }
      if (example.request.body !== undefined) {
        const request = operation.requestBody?.content["application/json"];
        expect(request?.examples?.[example.name]?.value, name).toEqual(example.request.body);
      }
    }
  });
});

describe("the operator console's area", () => {
  const consoleEndpoints = operatorConsoleApi.endpoints;

  it("documents every /api/admin operation with both operator schemes and the least role it needs", () => {
    expect(allEndpoints().filter((endpoint) => endpoint.path.startsWith("/api/admin/"))).toEqual([
      ...consoleEndpoints,
    ]);
    for (const endpoint of consoleEndpoints) {
      const { operator: role } = endpoint.auth as { operator: string };
      const operation = checker.operation(endpoint.path, endpoint.method) as unknown as {
        security: unknown;
        tags: string[];
      };
      expect(operation.security, endpoint.operationId).toEqual([
        { operatorSession: [role] },
        { operatorToken: [role] },
      ]);
      expect(operation.tags).toEqual(["Operator console"]);
    }
  });

  it("lists CROSS_SITE_REQUEST under 403 for writes only, beside FORBIDDEN", () => {
    for (const endpoint of consoleEndpoints) {
      const forbidden = checker.operation(endpoint.path, endpoint.method).responses["403"] as unknown as {
        description: string;
      };
      const expected = endpoint.method === "get" ? "FORBIDDEN" : "CROSS_SITE_REQUEST, FORBIDDEN";
      expect(forbidden.description, endpoint.operationId).toBe(expected);
    }
  });

  it("documents the export as text/csv starting with its header line, which a wrong file does not fit", () => {
    const path = "/api/admin/orders/export";
    expect(checker.answerMediaType(path, "get", 200)).toBe("text/csv");
    expect(checker.answerMediaType(path, "get", 400)).toBe("application/json");
    expect(checker.answerProblems(path, "get", 200, "order_id,status\r\n")).not.toEqual([]);
  });

  it("leaves what the mini program client is generated from as it was without the console", () => {
    const forTheMiniProgram = buildOpenApiDocument(MINI_PROGRAM_CLIENT_AREAS);
    const paths = Object.keys(forTheMiniProgram.paths ?? {});
    expect(paths.some((path) => path.startsWith("/api/admin/"))).toBe(false);
    for (const path of paths) expect(document.paths?.[path], path).toEqual(forTheMiniProgram.paths?.[path]);
    for (const [name, schema] of Object.entries(forTheMiniProgram.components?.schemas ?? {})) {
      expect(document.components?.schemas?.[name], name).toEqual(schema);
    }
  });
});

describe("adding an area to the registry", () => {
  const adminOrder = z.object({ orderId: z.uuid(), status: z.string() });
  const listFlaggedOrders = defineEndpoint({
    operationId: "listFlaggedOrders",
    method: "get",
    path: "/api/admin/orders/flagged",
    summary: "Orders an operator must look at",
    auth: { operator: "orders.read" },
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
    responses: { 200: { description: "Flagged orders.", body: z.object({ orders: z.array(adminOrder) }) } },
    examples: [
      {
        name: "flagged",
        summary: "One flagged order",
        request: { query: { limit: 10 } },
        response: {
          status: 200,
          body: { orders: [{ orderId: "0193a5d2-7c41-7b3e-9f20-5c8d1e6a4b70", status: "PAID" }] },
        },
      },
    ],
  });
  const adminApi: ApiArea = {
    tag: "Admin",
    description: "The admin pages' API.",
    endpoints: [listFlaggedOrders],
  };

  it("documents its endpoints with the operator's session, the permission they need and its errors", () => {
    const withAdmin = buildOpenApiDocument([...API_AREAS, adminApi]);
    const operation = openApiChecker(withAdmin).operation("/api/admin/orders/flagged", "get") as unknown as {
      security: unknown;
      responses: Record<string, unknown>;
      tags: string[];
    };
    expect(operation.security).toEqual([
      { operatorSession: ["orders.read"] },
      { operatorToken: ["orders.read"] },
    ]);
    expect(operation.tags).toEqual(["Admin"]);
    expect(Object.keys(operation.responses).sort()).toEqual(["200", "400", "401", "403", "500", "503"]);
    expect(withAdmin.components?.securitySchemes?.operatorSession).toMatchObject({
      type: "apiKey",
      in: "cookie",
    });
    expect(withAdmin.tags?.map((tag) => tag.name)).toContain("Admin");
  });

  it("lists only the security schemes some endpoint uses", () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      "operatorSession",
      "operatorToken",
      "sessionToken",
      "walletClientId",
      "walletRequestTime",
      "walletSignature",
    ]);
    const forTheMiniProgram = buildOpenApiDocument(MINI_PROGRAM_CLIENT_AREAS);
    expect(Object.keys(forTheMiniProgram.components?.securitySchemes ?? {}).sort()).toEqual([
      "sessionToken",
      "walletClientId",
      "walletRequestTime",
      "walletSignature",
    ]);
  });

  it("refuses two descriptions of the same method and path", () => {
    const twice: ApiArea = {
      ...adminApi,
      endpoints: [listFlaggedOrders, listFlaggedOrders],
    };
    expect(() => buildOpenApiDocument([twice])).toThrow("get /api/admin/orders/flagged is described twice");
  });
});
