// JSON answers that clients may cache briefly and then revalidate cheaply: `Cache-Control: public`
// with a short max-age, an ETag computed from the exact body, and 304 without a body when the
// client's If-None-Match already names it. For data that is the same for every caller.
import { createHash } from "node:crypto";

export function cachedJson(request: Request, body: unknown, options: { maxAgeSeconds: number }): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash("sha256").update(text).digest("base64url")}"`;
  // Vary: a mini program's browser gets CORS headers for its origin (proxy.ts); a cache must not
  // hand that answer to another origin, nor one without them to it.
  const headers = { "Cache-Control": `public, max-age=${options.maxAgeSeconds}`, ETag: etag, Vary: "Origin" };
  if (ifNoneMatch(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(text, { status: 200, headers: { ...headers, "Content-Type": "application/json" } });
}

/** RFC 9110 If-None-Match: `*` or any listed tag, compared weakly (a proxy may have added `W/`). */
function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
