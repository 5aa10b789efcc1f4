// The shape of a Next.js route handler, on its own so the modules that wrap handlers (observe-request,
// method-not-allowed) and the boundary that builds them (route.ts) import it without importing each
// other.

/** What Next.js passes a route handler besides the request. */
interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export type RouteHandler = (request: Request, context: NextRouteContext) => Promise<Response>;
