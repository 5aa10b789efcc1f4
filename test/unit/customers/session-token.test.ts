// Session tokens are verified with node:crypto rather than jose's jwtVerify (session-token.ts says
// why). jose still issues them, and it is the reference here: for every token below, signed or
// forged, our verdict must be the one jose's jwtVerify gives with the options the app used to pass.
import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { issueSessionToken, verifySessionToken } from "@/lib/customers/session-token";

const SECRET = "a-session-secret-of-at-least-thirty-two-bytes";
const OTHER_SECRET = "another-session-secret-of-thirty-two-bytes";
const NOW = new Date("2026-11-27T12:00:00Z");
const NOW_SECONDS = NOW.getTime() / 1000;
const CUSTOMER = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const key = new TextEncoder().encode(SECRET);

/** What jose's jwtVerify answers for the token, with the options verifySessionToken used to give it. */
async function joseVerdict(token: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      audience: "mini-program",
      issuer: "merchant-backend",
      currentDate: now,
    });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

/** A compact HS256 JWS over any header and payload text, signed with `secret`. */
function handSigned(header: string, payload: string, secret = SECRET): string {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  return `${signingInput}.${createHmac("sha256", secret).update(signingInput).digest("base64url")}`;
}

function claims(overrides: Record<string, unknown>): string {
  return JSON.stringify({
    sub: CUSTOMER,
    aud: "mini-program",
    iss: "merchant-backend",
    iat: NOW_SECONDS - 60,
    exp: NOW_SECONDS + 3600,
    ...overrides,
  });
}

async function joseSigned(build: (jwt: SignJWT) => SignJWT, secret = SECRET): Promise<string> {
  return build(new SignJWT({}).setProtectedHeader({ alg: "HS256" })).sign(new TextEncoder().encode(secret));
}

const HS256 = JSON.stringify({ alg: "HS256" });

describe("verifySessionToken", () => {
  it("reads the customer of a token it issued, until the second it expires", async () => {
    const { sessionToken, expiresAt } = await issueSessionToken(CUSTOMER, SECRET, NOW, 600);
    expect(await verifySessionToken(sessionToken, SECRET, NOW)).toBe(CUSTOMER);
    const lastSecond = new Date(expiresAt.getTime() - 1000);
    expect(await verifySessionToken(sessionToken, SECRET, lastSecond)).toBe(CUSTOMER);
    expect(await verifySessionToken(sessionToken, SECRET, expiresAt)).toBeNull();
    expect(await verifySessionToken(sessionToken, OTHER_SECRET, NOW)).toBeNull();
  });

  it("gives jose's verdict on tokens signed, altered and forged", async () => {
    const issued = (await issueSessionToken(CUSTOMER, SECRET, NOW)).sessionToken;
    const [header, payload, signature] = issued.split(".") as [string, string, string];
    const otherCustomer = base64url(claims({ sub: "someone-else" }));
    const cases: Record<string, string> = {
      issued,
      "issued, other secret": (await issueSessionToken(CUSTOMER, OTHER_SECRET, NOW)).sessionToken,
      "payload swapped, signature kept": `${header}.${otherCustomer}.${signature}`,
      "signature cut short": `${header}.${payload}.${signature.slice(0, -2)}`,
      "signature of another token": `${header}.${payload}.${(await issueSessionToken("x", SECRET, NOW)).sessionToken.split(".")[2]}`,
      "no signature": `${header}.${payload}.`,
      "two segments": `${header}.${payload}`,
      "four segments": `${issued}.${signature}`,
      "alg none": `${base64url(JSON.stringify({ alg: "none" }))}.${payload}.`,
      "alg HS512 signed with the secret": await new SignJWT({})
        .setProtectedHeader({ alg: "HS512" })
        .setSubject(CUSTOMER)
        .setAudience("mini-program")
        .setIssuer("merchant-backend")
        .setExpirationTime(NOW_SECONDS + 3600)
        .sign(key),
      "header not an object": handSigned('"HS256"', claims({})),
      "payload not an object": handSigned(HS256, '["mini-program"]'),
      "payload not JSON": handSigned(HS256, "not json"),
      "payload not UTF-8": handSigned(HS256, Buffer.from([0x7b, 0xff, 0x7d]).toString("latin1")),
      "wrong audience": handSigned(HS256, claims({ aud: "console" })),
      "audience list with ours": handSigned(HS256, claims({ aud: ["console", "mini-program"] })),
      "audience list without ours": handSigned(HS256, claims({ aud: ["console"] })),
      "no audience": handSigned(HS256, claims({ aud: undefined })),
      "wrong issuer": handSigned(HS256, claims({ iss: "someone" })),
      "no issuer": handSigned(HS256, claims({ iss: undefined })),
      expired: handSigned(HS256, claims({ exp: NOW_SECONDS - 1 })),
      "expires now": handSigned(HS256, claims({ exp: NOW_SECONDS })),
      "expiry as text": handSigned(HS256, claims({ exp: String(NOW_SECONDS + 3600) })),
      "not before, in the future": handSigned(HS256, claims({ nbf: NOW_SECONDS + 10 })),
      "not before, now": handSigned(HS256, claims({ nbf: NOW_SECONDS })),
      "issued at as text": handSigned(HS256, claims({ iat: "yesterday" })),
      "issued in the future": handSigned(HS256, claims({ iat: NOW_SECONDS + 600 })),
      "subject a number": handSigned(HS256, claims({ sub: 42 })),
      "no subject": handSigned(HS256, claims({ sub: undefined })),
      "typ JWT": handSigned(JSON.stringify({ alg: "HS256", typ: "JWT" }), claims({})),
      "jose's own, with a subject": await joseSigned((jwt) =>
        jwt
          .setSubject(CUSTOMER)
          .setAudience("mini-program")
          .setIssuer("merchant-backend")
          .setExpirationTime(NOW_SECONDS + 60),
      ),
    };
    for (const [name, token] of Object.entries(cases)) {
      const expected = await joseVerdict(token, NOW);
      expect({ name, verdict: await verifySessionToken(token, SECRET, NOW) }).toEqual({
        name,
        verdict: expected,
      });
    }
    // The oracle is not vacuous: it accepts some of these and refuses others.
    expect(await joseVerdict(issued, NOW)).toBe(CUSTOMER);
    expect(await joseVerdict(cases["payload swapped, signature kept"] as string, NOW)).toBeNull();
  });

  it("refuses a header with crit, padding or whitespace, or a token without an expiry, which it never issues", async () => {
    const noExpiry = handSigned(HS256, claims({ exp: undefined }));
    expect(await joseVerdict(noExpiry, NOW)).toBe(CUSTOMER);
    expect(await verifySessionToken(noExpiry, SECRET, NOW)).toBeNull();
    const issued = (await issueSessionToken(CUSTOMER, SECRET, NOW)).sessionToken;
    const [header, payload, signature] = issued.split(".") as [string, string, string];
    const crit = handSigned(JSON.stringify({ alg: "HS256", crit: ["b64"], b64: true }), claims({}));
    expect(await verifySessionToken(crit, SECRET, NOW)).toBeNull();
    expect(await verifySessionToken(`${header}.${payload}.${signature}=`, SECRET, NOW)).toBeNull();
    expect(await verifySessionToken(`${header}.${payload} .${signature}`, SECRET, NOW)).toBeNull();
  });
});
