// The OpenAPI 3.1 document of the HTTP API, built from the endpoint contracts (lib/http/contract) with
// zod-openapi: the very zod schemas the routes validate with become the document's schemas, the
// examples become its examples, and each endpoint's error codes become one answer per status.
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import packageJson from "@/package.json";
import { API_AREAS } from "./contract";
import {
  type AnyEndpointExample,
  type ApiArea,
  type Endpoint,
  type EndpointAuth,
  mediaTypeOf,
} from "./contract/endpoint";
import { errorBodySchema, errorCodesByStatus, errorHeadersSchema } from "./contract/error-answers";

export type OpenApiDocument = oas31.OpenAPIObject;

export interface DocumentOptions {
  /** Where this deployment serves the API (PUBLIC_BASE_URL); left out, clients use their own origin. */
  serverUrl?: string;
}

const DESCRIPTION = `The merchant backend of a wallet mini program.

- **Mini program** endpoints take the session from \`POST /api/mini/session\` as
  \`Authorization: Bearer <sessionToken>\`.
- **Operator console** endpoints take an operator's session (next-auth's cookie) or, for scripts, an
  API key an ADMIN made (\`Authorization: Bearer wmk_…\`); each names the least role it needs. Records
  come whole, with amounts in fils as strings of digits and times in ISO 8601.
- **Errors** are \`{ "error": { "code", "message", "details"? } }\`; each operation lists the codes it can
  answer under each status. Invalid input is \`VALIDATION_FAILED\` with zod's flattened issues in
  \`details\`. A 503 with \`Retry-After\` may be retried with the same request (and Idempotency-Key).
- **Money** is \`{ "currency": "IQD", "value": "<integer fils as a string>" }\`; 1 IQD = 1000 fils.
- **Wallet notifications** answer in the wallet's own result format.`;

/** How each kind of caller proves who it is (only the kinds some endpoint uses are listed). */
const SECURITY_SCHEMES: Record<string, oas31.SecuritySchemeObject> = {
  sessionToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The sessionToken from POST /api/mini/session, valid 2 hours. After a 401 (UNAUTHENTICATED or " +
      "REAUTHORIZE) call my.getAuthCode again and start a new session.",
  },
  walletSignature: {
    type: "apiKey",
    in: "header",
    name: "Signature",
    description:
      "`algorithm=RSA256, keyVersion=<n>, signature=<base64>`: the wallet's RSA signature (SHA-256, " +
      "PKCS#1 v1.5) over `POST <path>\\n<Client-Id>.<Request-Time>.<body>`, where the body is the exact " +
      "bytes sent. Verified with the wallet's public key; a Request-Time more than 5 minutes off fails.",
  },
  walletClientId: {
    type: "apiKey",
    in: "header",
    name: "Client-Id",
    description: "Our own merchant Client-Id, as the wallet knows us. Part of the signed content.",
  },
  walletRequestTime: {
    type: "apiKey",
    in: "header",
    name: "Request-Time",
    description:
      "When the wallet sent the notification, ISO 8601 with an offset. Part of the signed content.",
  },
  operatorSession: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description:
      "The operator console's session from /admin/sign-in: next-auth's encrypted JWT in this cookie " +
      "(`__Secure-next-auth.session-token` over https). The browser sends it by itself, so a write " +
      "(POST, PATCH) with it must carry our own Origin (or Sec-Fetch-Site: same-origin), else it is " +
      "403 CROSS_SITE_REQUEST. Each operation names the least role it needs; the role and whether the " +
      "operator is still enabled are read again on every request.",
  },
  operatorToken: {
    type: "http",
    scheme: "bearer",
    description:
      "For scripts: an API key (`wmk_…`) an ADMIN made on the API keys page or with POST " +
      "/api/admin/api-keys, as `Authorization: Bearer <key>`; it acts for its maker with its own role " +
      "(at most the maker's) until it expires or is revoked — by hand, or with its maker's password " +
      "change, second-factor reset, sessions ended by an admin, or disabling. While the maker's role " +
      "requires a second factor they have not set up, the key answers 403 with details.reason " +
      "API_KEY_SUSPENDED. A key never does what is for people " +
      "signed in: the own-account operations (passkeys, two-step sign-in, sessions), operators.manage, " +
      "or making API keys (403 with details.reason SIGNED_IN_ONLY). The console's session token is " +
      "accepted the same way. A browser never sends either by itself, so writes need no Origin. Each operation " +
      "names the least role it needs.",
  },
};

function securityOf(auth: EndpointAuth): oas31.SecurityRequirementObject[] | undefined {
  if (auth === "customer") return [{ sessionToken: [] }];
  // One requirement object: all three headers together.
  if (auth === "wallet") return [{ walletSignature: [], walletClientId: [], walletRequestTime: [] }];
  // Either one: the cookie (the console's pages) or a Bearer header (scripts: an API key).
  if (typeof auth === "object")
    return [{ operatorSession: [auth.operator] }, { operatorToken: [auth.operator] }];
  return undefined;
}

function examplesOf(
  endpoint: Endpoint,
  pick: (example: AnyEndpointExample) => unknown,
): Record<string, oas31.ExampleObject> | undefined {
  const found = endpoint.examples.filter((example) => pick(example) !== undefined);
  if (found.length === 0) return undefined;
  return Object.fromEntries(
    found.map((example) => [example.name, { summary: example.summary, value: pick(example) }]),
  );
}

function answerExamples(endpoint: Endpoint, status: number) {
  return examplesOf(endpoint, (example) =>
    example.response.status === status ? example.response.body : undefined,
  );
}

function responsesOf(endpoint: Endpoint): ZodOpenApiResponsesObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, spec] of Object.entries(endpoint.responses)) {
    responses[status] = {
      description: spec.description,
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.body
        ? {
            content: {
              [mediaTypeOf(spec)]: { schema: spec.body, examples: answerExamples(endpoint, Number(status)) },
            },
          }
        : {}),
    };
  }
  for (const [status, codes] of errorCodesByStatus(endpoint)) {
    if (endpoint.responses[status]) {
      throw new Error(`${endpoint.operationId}: ${status} is both an answer and an error (${codes})`);
    }
    const headers = errorHeadersSchema(status);
    responses[status] = {
      description: codes.join(", "),
      ...(headers ? { headers } : {}),
      content: {
        "application/json": {
          schema: errorBodySchema(endpoint, status, codes),
          examples: answerExamples(endpoint, status),
        },
      },
    };
  }
  return responses;
}

function operationOf(endpoint: Endpoint, area: ApiArea): ZodOpenApiOperationObject {
  const security = securityOf(endpoint.auth);
  return {
    operationId: endpoint.operationId,
    tags: [area.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(security ? { security } : {}),
    requestParams: {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.headers ? { header: endpoint.headers } : {}),
    },
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: endpoint.body,
                examples: examplesOf(endpoint, (example) => example.request.body),
              },
            },
          },
        }
      : {}),
    responses: responsesOf(endpoint),
  };
}

const EXAMPLE_SOURCE = { path: "params", query: "query", header: "headers" } as const;

/** zod-openapi renders parameters from the schemas; their examples come from the endpoint's. */
function addParameterExamples(document: OpenApiDocument, endpoint: Endpoint): void {
  const operation = document.paths?.[endpoint.path]?.[endpoint.method] as oas31.OperationObject;
  for (const parameter of operation.parameters ?? []) {
    if ("$ref" in parameter || !(parameter.in in EXAMPLE_SOURCE)) continue;
    const source = EXAMPLE_SOURCE[parameter.in as keyof typeof EXAMPLE_SOURCE];
    const examples = examplesOf(
      endpoint,
      (example) => (example.request[source] as Record<string, unknown> | undefined)?.[parameter.name],
    );
    if (examples) parameter.examples = examples;
  }
}

export function buildOpenApiDocument(
  areas: readonly ApiArea[] = API_AREAS,
  options: DocumentOptions = {},
): OpenApiDocument {
  const endpoints = areas.flatMap((area) => area.endpoints.map((endpoint) => ({ area, endpoint })));
  const paths: ZodOpenApiPathsObject = {};
  for (const { area, endpoint } of endpoints) {
    const item = paths[endpoint.path] ?? {};
    if (item[endpoint.method]) throw new Error(`${endpoint.method} ${endpoint.path} is described twice`);
    item[endpoint.method] = operationOf(endpoint, area);
    paths[endpoint.path] = item;
  }
  const schemesInUse = new Set(
    endpoints.flatMap(({ endpoint }) => (securityOf(endpoint.auth) ?? []).flatMap(Object.keys)),
  );
  const document = createDocument({
    openapi: "3.1.0",
    info: { title: "Wallet merchant backend", version: packageJson.version, description: DESCRIPTION },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: areas.map((area) => ({ name: area.tag, description: area.description })),
    paths,
    components: {
      securitySchemes: Object.fromEntries(
        Object.entries(SECURITY_SCHEMES).filter(([name]) => schemesInUse.has(name)),
      ),
    },
  });
  for (const { endpoint } of endpoints) addParameterExamples(document, endpoint);
  return document;
}

const built = new Map<string, OpenApiDocument>();

/** The document for this deployment, built once per process (the contracts never change at run time). */
export function getOpenApiDocument(options: DocumentOptions = {}): OpenApiDocument {
  const key = options.serverUrl ?? "";
  let document = built.get(key);
  if (!document) {
    document = buildOpenApiDocument(API_AREAS, options);
    built.set(key, document);
  }
  return document;
}
