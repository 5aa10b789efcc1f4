// Answers for the methods a route does not serve, in our JSON error shape (Next.js would answer an
// empty 405). Each route file exports the ones it lacks:
//   export const { PUT, PATCH, DELETE, GET } = methodsOtherThan("POST");
import { errorBody } from "@/lib/platform/errors/http-errors";
import { observeRequest } from "./observe-request";
import type { RouteHandler } from "./route-handler";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

export function methodsOtherThan(...allowed: Method[]): Record<Method, RouteHandler> {
  const allow = allowed.join(", ");
  const refuse: RouteHandler = observeRequest(async (request) =>
    Response.json(errorBody("METHOD_NOT_ALLOWED", `${request.method} is not supported here; use ${allow}.`), {
      status: 405,
      headers: { Allow: allow },
    }),
  );
  return Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<Method, RouteHandler>;
}
