// Request, response and notification signatures of the wallet interface.
//
// Pure wire helpers shared by the merchant client and the sandbox: no I/O, no configuration.
// Spec, "Authentication": sign content is `<METHOD> <PATH>\n<CLIENT_ID>.<REQUEST_TIME>.<BODY>`,
// SHA-256 with RSA PKCS#1 v1.5, base64, sent as
// `Signature: algorithm=RSA256, keyVersion=<v>, signature=<BASE64>`.
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";

export interface SignContentParts {
  method: string;
  /** Request path only, e.g. `/v1/payments/pay` (no origin, no query). */
  path: string;
  clientId: string;
  /** `Request-Time` (or `Response-Time`) header value exactly as sent. */
  time: string;
  /** The body text exactly as sent: byte for byte what is signed. */
  body: string;
}

export function buildSignContent(parts: SignContentParts): string {
  return `${parts.method.toUpperCase()} ${parts.path}\n${parts.clientId}.${parts.time}.${parts.body}`;
}

export function signContent(content: string, privateKey: KeyObject): string {
  return sign("sha256", Buffer.from(content, "utf8"), privateKey).toString("base64");
}

/**
 * The same signature, computed on libuv's thread pool (`crypto.sign` with a callback) instead of the
 * event loop. An RSA-2048 private-key operation is ~0.7 ms of CPU: on a busy server every request
 * behind it waits that long. Off the loop it runs on another core while the loop serves requests.
 */
function signContentOffLoop(content: string, privateKey: KeyObject): Promise<string> {
  return new Promise((resolve, reject) => {
    sign("sha256", Buffer.from(content, "utf8"), privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(signature.toString("base64"));
    });
  });
}

export function verifyContent(content: string, signatureBase64: string, publicKey: KeyObject): boolean {
  let signature: Buffer;
  try {
    signature = Buffer.from(signatureBase64, "base64");
  } catch {
    return false;
  }
  if (signature.length === 0) return false;
  try {
    return verify("sha256", Buffer.from(content, "utf8"), publicKey, signature);
  } catch {
    return false;
  }
}

/** Accepts PKCS#8 (`BEGIN PRIVATE KEY`) and PKCS#1 (`BEGIN RSA PRIVATE KEY`) PEM. */
export function loadPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey({ key: normalizePem(pem), format: "pem" });
  if (key.asymmetricKeyType !== "rsa")
    throw new Error(`expected an RSA private key, got ${key.asymmetricKeyType}`);
  return key;
}

/** Accepts SPKI (`BEGIN PUBLIC KEY`) and PKCS#1 (`BEGIN RSA PUBLIC KEY`) PEM, or a private key. */
export function loadPublicKey(pem: string): KeyObject {
  const key = createPublicKey({ key: normalizePem(pem), format: "pem" });
  if (key.asymmetricKeyType !== "rsa")
    throw new Error(`expected an RSA public key, got ${key.asymmetricKeyType}`);
  return key;
}

// Keys pasted into environment variables often arrive with literal `\n` instead of newlines.
function normalizePem(pem: string): string {
  return pem.includes("\\n") && !pem.includes("\n") ? pem.replaceAll("\\n", "\n") : pem;
}

export interface SignatureHeaderOptions {
  keyVersion: string | number;
  signature: string;
  /** Gateways of the Antom family expect the base64 value URL-encoded. */
  urlEncode?: boolean;
}

export function formatSignatureHeader(options: SignatureHeaderOptions): string {
  const value = options.urlEncode ? encodeURIComponent(options.signature) : options.signature;
  return `algorithm=RSA256, keyVersion=${options.keyVersion}, signature=${value}`;
}

export interface ParsedSignatureHeader {
  algorithm: string;
  keyVersion: string | undefined;
  signature: string;
}

/**
 * Liberal reading of a `Signature` header: spaces optional, the algorithm case-insensitive, the
 * value raw or URL-encoded. Everything after the first `signature=` is the value, because a raw
 * base64 value may itself contain `=`. Never form-decode: that would turn `+` into a space.
 */
export function parseSignatureHeader(header: string | null | undefined): ParsedSignatureHeader | null {
  if (!header) return null;
  const marker = header.search(/signature=/i);
  if (marker < 0) return null;
  let value = header.slice(marker + "signature=".length).trim();
  if (value.includes("%")) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const params = new Map<string, string>();
  for (const part of header.slice(0, marker).split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const algorithm = params.get("algorithm") ?? "RSA256";
  if (algorithm.toUpperCase() !== "RSA256") return null;
  return { algorithm: "RSA256", keyVersion: params.get("keyversion"), signature: value };
}

/**
 * ISO 8601 with a numeric offset (`2026-11-21T10:00:00.000+00:00`): some wallets reject `Z`.
 */
export function formatWalletTime(date: Date = new Date()): string {
  return date.toISOString().replace(/Z$/, "+00:00");
}

const ISO_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/**
 * Parses an ISO 8601 timestamp with `Z` or an offset, with or without fractions. Impossible values
 * (Feb 30, 25:00, offset +24:00) are refused rather than rolled over as `Date` would. Computed from
 * the parts directly: this runs on every signature check.
 */
export function parseWalletTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const parts = ISO_PARTS.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const millis = parts[7] ? Number(parts[7].slice(0, 3).padEnd(3, "0")) : 0;
  let time = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (parts[8]) {
    const offsetHours = Number(parts[9]);
    const offsetMinutes = Number(parts[10]);
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    time -= (parts[8] === "+" ? 1 : -1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return new Date(time);
}

export const DEFAULT_MAX_SKEW_MS = 5 * 60 * 1000;

export interface SignedMessage extends SignContentParts {
  signatureHeader: string | null | undefined;
}

export type VerificationResult =
  | { ok: true }
  | {
      ok: false;
      reason: "MISSING_SIGNATURE" | "MALFORMED_SIGNATURE" | "BAD_TIME" | "SKEWED_TIME" | "BAD_SIGNATURE";
    };

/** Verifies a signed request, response or notification: format, time window, then signature. */
export function verifySignedMessage(
  message: SignedMessage,
  publicKey: KeyObject,
  options: { now?: Date; maxSkewMs?: number } = {},
): VerificationResult {
  if (!message.signatureHeader) return { ok: false, reason: "MISSING_SIGNATURE" };
  const parsed = parseSignatureHeader(message.signatureHeader);
  if (!parsed) return { ok: false, reason: "MALFORMED_SIGNATURE" };
  const time = parseWalletTime(message.time);
  if (!time) return { ok: false, reason: "BAD_TIME" };
  const now = (options.now ?? new Date()).getTime();
  if (Math.abs(now - time.getTime()) > (options.maxSkewMs ?? DEFAULT_MAX_SKEW_MS)) {
    return { ok: false, reason: "SKEWED_TIME" };
  }
  return verifyContent(buildSignContent(message), parsed.signature, publicKey)
    ? { ok: true }
    : { ok: false, reason: "BAD_SIGNATURE" };
}

/** The `Signature` header value for a request, response or notification. */
export function signMessage(
  parts: SignContentParts,
  privateKey: KeyObject,
  keyVersion: string | number,
  urlEncode = false,
): string {
  return formatSignatureHeader({
    keyVersion,
    signature: signContent(buildSignContent(parts), privateKey),
    urlEncode,
  });
}

/** `signMessage` with the RSA operation off the event loop: for servers signing on a hot path. */
export async function signMessageOffLoop(
  parts: SignContentParts,
  privateKey: KeyObject,
  keyVersion: string | number,
  urlEncode = false,
): Promise<string> {
  return formatSignatureHeader({
    keyVersion,
    signature: await signContentOffLoop(buildSignContent(parts), privateKey),
    urlEncode,
  });
}

export const JSON_CONTENT_TYPE = "application/json; charset=UTF-8";
