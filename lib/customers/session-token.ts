// Our own short-lived session token for the mini program (HS256 JWT). It names the customer and
// nothing else: the wallet's tokens never leave the server (spec, applyToken rule 1).
import { createHmac, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";

const SESSION_TTL_SECONDS = 2 * 60 * 60;
const AUDIENCE = "mini-program";
const ISSUER = "merchant-backend";

// Imported once per secret for signing: jose would import raw key bytes into WebCrypto on every call.
// Few secrets ever exist in a process (one, or two in a rotation).
const keys = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 16;

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, key);
  }
  return key;
}

export async function issueSessionToken(
  customerId: string,
  secret: string,
  now: Date = new Date(),
  ttlSeconds = SESSION_TTL_SECONDS,
): Promise<{ sessionToken: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
  const sessionToken = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(customerId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keyOf(secret));
  return { sessionToken, expiresAt };
}

/**
 * The customer id of a valid token, or null for anything expired, forged or malformed.
 *
 * Checked with node:crypto's HMAC on the event loop, not jose's `jwtVerify`: jose verifies through
 * WebCrypto, which hands every HMAC to libuv's thread pool and back, and every customer request pays
 * for that (about 8 % of the order route's busy time in its CPU profile, BENCHMARKS.md). The checks
 * are jose's, for the options it was given (algorithms HS256, this audience and issuer, at `now`),
 * and stricter where only a token we never issue could differ: any `crit` header, padding or
 * whitespace in a segment is refused, and so is a token without an expiry.
 */
export async function verifySessionToken(
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<string | null> {
  const claims = verifiedClaims(token, secret);
  if (!claims || !claimsHold(claims, Math.floor(now.getTime() / 1000))) return null;
  return typeof claims.sub === "string" ? claims.sub : null;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

type Claims = Record<string, unknown>;

/** The claims of a compact HS256 JWS whose signature `secret` made; undefined for anything else. */
function verifiedClaims(token: string, secret: string): Claims | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return undefined;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const protectedHeader = jsonObjectOf(header);
  if (protectedHeader?.alg !== "HS256" || "crit" in protectedHeader) return undefined;
  return jsonObjectOf(payload);
}

function jsonObjectOf(segment: string): Claims | undefined {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, "base64url")));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Claims)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * jose's claim checks with no clock tolerance: issuer, audience, and the times it was given; and,
 * stricter than jose, an expiry is required: every token issued here carries one, so a token without
 * one could only come from a mistake, and it would never expire.
 */
function claimsHold(claims: Claims, nowSeconds: number): boolean {
  if (claims.iss !== ISSUER) return false;
  const audience = claims.aud;
  const audienceMatches = Array.isArray(audience) ? audience.includes(AUDIENCE) : audience === AUDIENCE;
  if (!audienceMatches) return false;
  const { iat, nbf, exp } = claims;
  if (iat !== undefined && typeof iat !== "number") return false;
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > nowSeconds)) return false;
  if (typeof exp !== "number" || exp <= nowSeconds) return false;
  return true;
}

/** The bearer token of an `Authorization` header, if any. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
