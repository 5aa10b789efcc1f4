import "server-only";
// The route wrapper: the single catch that maps every error to our JSON shape. Routes stay thin:
//   export const POST = route(async (request) => { ... return Response.json(...) });
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getLogger } from "@/lib/log";
import { OrderTransitionError } from "@/lib/orders/order-state";
import { WalletRequestInvalidError } from "@/lib/wallet/outcome";
import { ApiError, errorBody } from "./api-error";

type Handler<Context> = (request: Request, context: Context) => Promise<Response>;

export function route<Context = unknown>(handler: Handler<Context>): Handler<Context> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof ApiError) {
    return Response.json(errorBody(error.code, error.message, error.details), {
      status: error.status,
      headers: error.headers,
    });
  }
  if (error instanceof z.ZodError) {
    return Response.json(errorBody("VALIDATION_FAILED", "The request is invalid.", z.flattenError(error)), {
      status: 400,
    });
  }
  if (error instanceof OrderTransitionError) {
    const status = error.code === "ORDER_STATUS_INVALID" ? 409 : 422;
    return Response.json(errorBody(error.code, error.message), { status });
  }
  if (error instanceof WalletRequestInvalidError) {
    // Our own input broke a wallet rule (e.g. a description too long): the caller can fix it.
    return Response.json(errorBody("VALIDATION_FAILED", error.message, { issues: error.issues }), {
      status: 400,
    });
  }
  if (isUniqueViolation(error)) {
    return Response.json(errorBody("CONFLICT", "This resource already exists."), { status: 409 });
  }
  const reference = randomUUID();
  getLogger().error(
    {
      err: error,
      reference,
      method: request?.method,
      path: request ? new URL(request.url).pathname : undefined,
    },
    "unhandled error in route",
  );
  return Response.json(errorBody("INTERNAL", `Something went wrong. Reference: ${reference}`), {
    status: 500,
  });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** Reads a JSON body and validates it; a body that is not JSON is a 400, not a 500. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError("VALIDATION_FAILED", "The request body must be JSON.");
  }
  return schema.parse(body);
}
