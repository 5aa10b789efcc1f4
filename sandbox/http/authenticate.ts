// Authentication of wallet API requests (docs/wallet-interface.md, "Authentication and signing"):
// Content-Type, then Client-Id (unknown → INVALID_CLIENT), then Request-Time and Signature
// (missing, malformed, wrong or skewed → INVALID_SIGNATURE), verified over the raw body text.
import type { KeyObject } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { loadPublicKey, parseSignatureHeader, verifySignedMessage } from "@/lib/wallet/signature";
import type { SandboxContext } from "../context";
import { failed } from "../operations/results";
import { wallClock } from "../settings";
import type { Merchant, WalletResult } from "../store/entities";

const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

const SIGNATURE_PROBLEMS = {
  MISSING_SIGNATURE: "the Signature header is missing",
  MALFORMED_SIGNATURE:
    "the Signature header is malformed (algorithm=RSA256, keyVersion=<v>, signature=<base64>)",
  BAD_TIME: "Request-Time is missing or not an ISO 8601 time with a UTC offset",
  SKEWED_TIME: "Request-Time is more than 5 minutes away from the wallet's time",
  BAD_SIGNATURE: "the signature does not verify with the merchant's registered public key",
} as const;

/** Journals written before key versions were kept hold one key: version 1, the only one then. */
export function registeredKeys(merchant: Merchant): Record<string, string> {
  return merchant.publicKeys ?? { "1": merchant.publicKeyPem };
}

export type Authentication = { ok: true; merchant: Merchant } | { ok: false; result: WalletResult };

const loadedKeys = new Map<string, KeyObject>();

function loaded(pem: string): KeyObject {
  let key = loadedKeys.get(pem);
  if (!key) {
    key = loadPublicKey(pem);
    loadedKeys.set(pem, key);
  }
  return key;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function authenticate(
  ctx: SandboxContext,
  headers: IncomingHttpHeaders,
  path: string,
  bodyText: string,
): Authentication {
  const contentType = header(headers, "content-type");
  if (!contentType || !JSON_TYPE.test(contentType.trim())) {
    return {
      ok: false,
      result: failed("PARAM_ILLEGAL", "Content-Type must be application/json; charset=UTF-8"),
    };
  }
  const clientId = header(headers, "client-id");
  if (!clientId) return { ok: false, result: failed("INVALID_CLIENT", "the Client-Id header is missing") };
  const merchant = ctx.store.get("merchant", clientId);
  if (!merchant) return { ok: false, result: failed("INVALID_CLIENT", "unknown Client-Id") };
  const signatureHeader = header(headers, "signature");
  // The wallet picks the merchant's key by the keyVersion the Signature header names.
  const keyVersion = parseSignatureHeader(signatureHeader)?.keyVersion ?? "1";
  const pem = registeredKeys(merchant)[keyVersion];
  if (!pem) {
    return {
      ok: false,
      result: failed("INVALID_SIGNATURE", `keyVersion ${keyVersion} is not registered for this Client-Id`),
    };
  }
  const verification = verifySignedMessage(
    {
      method: "POST",
      path,
      clientId,
      time: header(headers, "request-time") ?? "",
      body: bodyText,
      signatureHeader,
    },
    loaded(pem),
    // The wall clock, not the business clock: the merchant signs with its own wall clock.
    { now: wallClock(ctx.settings()) },
  );
  if (!verification.ok) {
    return { ok: false, result: failed("INVALID_SIGNATURE", SIGNATURE_PROBLEMS[verification.reason]) };
  }
  return { ok: true, merchant };
}
