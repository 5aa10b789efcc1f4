// Our own short-lived session token for the mini program (HS256 JWT). It names the customer and
// nothing else: the wallet's tokens never leave the server (spec, applyToken rule 1).
import { jwtVerify, SignJWT } from "jose";

const SESSION_TTL_SECONDS = 2 * 60 * 60;
const AUDIENCE = "mini-program";
const ISSUER = "merchant-backend";

// Imported once per secret: jose would import raw key bytes into WebCrypto on every call, and every
// customer request verifies a token. Few secrets ever exist in a process (one, or two in a rotation).
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

/** The customer id of a valid token, or null for anything expired, forged or malformed. */
export async function verifySessionToken(
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: now,
    });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The bearer token of an `Authorization` header, if any. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
