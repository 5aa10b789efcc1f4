// One endpoint of our HTTP API, described once: the schemas its route validates with (the route file
// imports them from here), what it answers for each status, the error codes it can answer, and
// examples. The OpenAPI document (lib/http/openapi-document.ts) and the contract tests are built from
// these descriptions; nothing else describes the API.
import type { z } from "zod";
import type { OperatorAccess } from "@/lib/operators/roles/permissions";
import type { NotificationRefusalCode } from "@/lib/payments/notifications/notification-bodies";
import type { ErrorCode } from "@/lib/platform/errors/http-errors";

const ENDPOINT_METHODS = ["get", "post", "put", "patch", "delete"] as const;
type EndpointMethod = (typeof ENDPOINT_METHODS)[number];

/**
 * Who may call the endpoint, after the route wrapper that serves it (lib/http/route.ts):
 *   public    anyone
 *   customer  a mini program session: `Authorization: Bearer <sessionToken>`
 *   wallet    the wallet's signed notifications; answers in the wallet's result format
 *   operator  a signed-in operator of the console holding this permission ("own-account": any
 *             operator, about themselves, signed in): next-auth's session in its cookie, the same
 *             token as `Authorization: Bearer`, or an API key (scripts; never own-account)
 */
export type EndpointAuth = "public" | "customer" | "wallet" | { operator: OperatorAccess };

/** A code an error answer can carry: ours, or the notification intake's refusals. */
export type AnswerCode = ErrorCode | NotificationRefusalCode;

export interface ResponseSpec {
  description: string;
  /** The body; left out for answers without one (304). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (a CSV export is `text/csv`: a z.string() body). */
  mediaType?: string;
  headers?: z.ZodObject;
}

/** The media type of a documented answer's body. */
export function mediaTypeOf(response: ResponseSpec): string {
  return response.mediaType ?? "application/json";
}

export interface EndpointSpec {
  /** Unique across the API; the typed client and the document's links use it. */
  operationId: string;
  method: EndpointMethod;
  /** OpenAPI form: `/api/mini/orders/{id}` for the route file `app/api/mini/orders/[id]/route.ts`. */
  path: `/api/${string}`;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (Authorization is part of `auth`, not listed here). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The successful answers (and 304), by status. */
  responses: Readonly<Record<number, ResponseSpec>>;
  /**
   * Error codes only this endpoint answers. The ones every endpoint of its kind can answer (bad
   * input, no session, a 500, a 503 while the database is down) are added by error-answers.ts.
   */
  errors?: readonly AnswerCode[];
  /** False when the answer never waits for the database or Redis, so it is never a 503. */
  usesStorage?: boolean;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

type SuccessExample<E extends EndpointSpec> = {
  [S in keyof E["responses"] & number]: {
    status: S;
    body?: E["responses"][S]["body"] extends z.ZodType ? z.input<E["responses"][S]["body"]> : never;
  };
}[keyof E["responses"] & number];

/** An error answer as the route sends it; the tests check its code against the endpoint's list. */
interface ErrorExample {
  status: number;
  body:
    | { error: { code: AnswerCode; message: string; details?: unknown } }
    | { result: { resultCode: AnswerCode; resultStatus: "F" | "U"; resultMessage: string } };
}

/** A request and the answer it gets. Tests check both against the schemas and, for mini program
 * endpoints, send the request to the real route. */
export interface EndpointExample<E extends EndpointSpec = EndpointSpec> {
  /** Key of the example in the document: lowercase words joined by hyphens. */
  name: string;
  summary: string;
  request: {
    params?: InputOf<E["params"]>;
    query?: InputOf<E["query"]>;
    headers?: InputOf<E["headers"]>;
    body?: InputOf<E["body"]>;
  };
  response: SuccessExample<E> | ErrorExample;
}

/** An example of any endpoint, as the document builder and the tests read it. */
export interface AnyEndpointExample {
  name: string;
  summary: string;
  request: { params?: unknown; query?: unknown; headers?: unknown; body?: unknown };
  response: { status: number; body?: unknown };
}

/** An endpoint of the API, as the registry, the document builder and the tests read it. */
export type Endpoint = EndpointSpec & { examples: readonly AnyEndpointExample[] };

/**
 * Checks an endpoint's examples against its own schemas at compile time and keeps the exact
 * schema types, so a route's `readJson(request, contract.createOrder.body)` reads the right type.
 */
export function defineEndpoint<const E extends EndpointSpec>(
  endpoint: E & { examples: readonly EndpointExample<E>[] },
): E & Endpoint {
  return endpoint as E & Endpoint;
}

/** A group of endpoints that share a tag in the document (the mini program, the wallet, …). */
export interface ApiArea {
  tag: string;
  description: string;
  endpoints: readonly Endpoint[];
}
