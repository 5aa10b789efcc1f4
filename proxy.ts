// Runs before every page and route (not the static files, nor the machine-to-machine routes below):
// adds the security headers that depend on the request or the deployment — HSTS when served over
// https, and the admin pages' nonce-based Content-Security-Policy. The fixed headers are in
// next.config.mjs and reach every response.
// An auth guard for /admin (next-auth `withAuth`) belongs here too: wrap it, keep this call.
import { type NextRequest, NextResponse } from "next/server";
import { corsHeaders, isMiniProgramPath, preflightResponse } from "@/lib/http/cors";
import { getEnv } from "@/lib/platform/env";
import { securityHeadersFor } from "@/lib/platform/security/headers";

/** The mini program's API from a browser: CORS for the listed origins (lib/http/cors.ts). */
function miniProgramCors(request: NextRequest, origins: readonly string[]): Response {
  const origin = request.headers.get("origin");
  if (request.method === "OPTIONS") return preflightResponse(origin, origins);
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(corsHeaders(origin, origins))) response.headers.set(name, value);
  return response;
}

export function proxy(request: NextRequest): Response {
  const env = getEnv();
  if (isMiniProgramPath(request.nextUrl.pathname)) return miniProgramCors(request, env.miniProgram.origins);
  const headers = securityHeadersFor({
    pathname: request.nextUrl.pathname,
    publicBaseUrl: env.publicBaseUrl,
    development: env.nodeEnv === "development",
  });
  const requestHeaders = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers.request)) requestHeaders.set(name, value);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers.response)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Static build files never change per request; they get next.config.mjs's headers only. Neither do
  // the mini program's API (/api/mini, but for CORS) and the wallet's notifications (/api/wallet):
  // their clients are the mini program runtime and the wallet's servers, for which HSTS and a page policy mean nothing,
  // and running the proxy costs those busiest routes about a sixth of their CPU (BENCHMARKS.md).
  // A browser's request to /api/mini carries an Origin header and comes here for CORS; the mini
  // program runtime's and servers' requests without one keep skipping the proxy.
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|api/mini/|api/wallet/).*)",
    { source: "/api/mini/:path*", has: [{ type: "header", key: "origin" }] },
  ],
};
