// Security headers decided per request or per deployment; proxy.ts applies them. The headers that are
// the same on every response (nosniff, Referrer-Policy, framing) are in next.config.mjs, which also
// covers the static files the proxy skips.
import { randomBytes } from "node:crypto";

/** Browsers keep to https for a year once they saw this over https. No includeSubDomains: a
 * merchant's other subdomains are not ours to decide. */
const HSTS_VALUE = "max-age=31536000";

/** The admin pages are served under /admin (the operators' back office). */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** Whether the public origin is https: the app itself sits behind a TLS-terminating load balancer
 * and only ever sees plain http, so the configured public address is the one to believe. */
function isServedOverHttps(publicBaseUrl: string): boolean {
  return new URL(publicBaseUrl).protocol === "https:";
}

function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The admin pages' policy: scripts only from our origin and only when they carry this request's
 * nonce (Next.js puts it on its own inline scripts when it finds the policy on the request, for
 * pages rendered per request — admin pages are, as they read the session).
 */
export function adminContentSecurityPolicy(options: {
  nonce: string;
  https: boolean;
  development: boolean;
}): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': chunks loaded by a nonced script are trusted; React needs eval only in dev.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    // Style attributes cannot carry a nonce and CSS cannot run script: inline styles stay allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over https: on a plain-http origin it would send every asset request to a dead port.
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export interface SecurityHeaders {
  /** Added to the request Next.js renders (it reads the nonce from the policy there). */
  request: Record<string, string>;
  /** Added to the response. */
  response: Record<string, string>;
}

/** What proxy.ts adds for one request. */
export function securityHeadersFor(options: {
  pathname: string;
  publicBaseUrl: string;
  development: boolean;
  nonce?: () => string;
}): SecurityHeaders {
  const https = isServedOverHttps(options.publicBaseUrl);
  const headers: SecurityHeaders = { request: {}, response: {} };
  if (https) headers.response["Strict-Transport-Security"] = HSTS_VALUE;
  if (isAdminPath(options.pathname)) {
    const nonce = (options.nonce ?? createNonce)();
    const policy = adminContentSecurityPolicy({ nonce, https, development: options.development });
    headers.request["Content-Security-Policy"] = policy;
    headers.request["x-nonce"] = nonce;
    headers.response["Content-Security-Policy"] = policy;
  }
  return headers;
}
