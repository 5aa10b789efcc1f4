import { observeRequest } from "@/lib/http/observe-request";
import { errorBody } from "@/lib/platform/errors/http-errors";

// Any path under /api/ that no route serves: our JSON error shape, never Next's HTML 404 page.
const notFound = observeRequest(async (request: Request) => {
  const path = new URL(request.url).pathname;
  return Response.json(errorBody("NOT_FOUND", `No API route at ${path.slice(0, 200)}.`), { status: 404 });
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
