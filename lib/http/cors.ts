// CORS for the mini program's API (/api/mini/*): an H5 mini program runs in the wallet's webview on
// an origin of its own (where the wallet hosts it) and calls this backend from there. Only the
// origins listed in MINI_PROGRAM_ORIGINS are answered; any other origin gets no CORS header at all,
// so its browser keeps the answer from it. No cookies cross: the session is a bearer token.

const ALLOWED_METHODS = "GET, POST";
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key";
/** What the mini program may read besides the simple headers: when to retry after a 429 or 503. */
const EXPOSED_HEADERS = "Retry-After";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

export function isMiniProgramPath(pathname: string): boolean {
  return pathname.startsWith("/api/mini/");
}

/** The headers an answer to `origin` carries: none unless the origin is listed. */
export function corsHeaders(
  origin: string | null,
  allowedOrigins: readonly string[],
): Record<string, string> {
  if (!origin || !allowedOrigins.includes(origin)) return { Vary: "Origin" };
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    Vary: "Origin",
  };
}

/** The answer to a preflight (OPTIONS): what a listed origin may send; nothing for another. */
export function preflightResponse(origin: string | null, allowedOrigins: readonly string[]): Response {
  const headers = corsHeaders(origin, allowedOrigins);
  if (headers["Access-Control-Allow-Origin"]) {
    headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS;
    headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS;
    headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE_SECONDS;
  }
  return new Response(null, { status: 204, headers });
}
