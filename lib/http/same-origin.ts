import "server-only";
// CSRF defence for writes authenticated by a cookie (the operator console): the browser attaches
// the cookie to any request, so a write must come from our own pages. Session cookies are already
// SameSite=Lax; on top of that the Origin header must be ours (PUBLIC_BASE_URL, or the address the
// request was made to), or, without Origin, Sec-Fetch-Site must say same-origin.
import { getEnv } from "@/lib/platform/env";
import { HttpError } from "@/lib/platform/errors/http-errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(getEnv().publicBaseUrl).origin, new URL(request.url).origin]);
    if (allowed.has(origin)) return;
  } else if (request.headers.get("sec-fetch-site") === "same-origin") {
    return;
  }
  throw new HttpError(
    "CROSS_SITE_REQUEST",
    "This change must come from the operator console's own pages (Origin header missing or foreign).",
  );
}
