// Encryption at rest for wallet secrets (access and refresh tokens, agreement paymentAuthCodes).
//
// AES-256-GCM with a random 12-byte IV per message. Text format, safe in a TEXT column and in logs
// of row shapes: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version prefix lets a later
// format or key rotation coexist with rows written today.
//
// Pass the row's owner (e.g. the customer id) as associated data: the ciphertext then only decrypts
// for that row, so a database user who can swap cipher columns between rows cannot make one customer's
// token act for another.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

/** Decodes a base64 (or base64url) key, e.g. TOKEN_ENCRYPTION_KEY; it must be exactly 32 bytes. */
export function parseEncryptionKey(base64: string): Buffer {
  const text = base64.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    throw new SecretBoxError(
      "Encryption key must be base64-encoded (32 random bytes, e.g. `openssl rand -base64 32`)",
    );
  }
  const key = Buffer.from(text, "base64");
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(
      `Encryption key must be ${KEY_BYTES} bytes once base64-decoded, got ${key.length}`,
    );
  }
  return key;
}

export function encryptSecret(plaintext: string, key: Buffer, associatedData?: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === "string" ? part : b64url(part)))
    .join(".");
}

/** Throws SecretBoxError when the text was altered, or the key or associated data differ. */
export function decryptSecret(text: string, key: Buffer, associatedData?: string): string {
  assertKey(key);
  const parts = text.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretBoxError(`Not a ${VERSION} secret box (expected ${VERSION}.<iv>.<tag>.<ciphertext>)`);
  }
  const [, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
  const iv = fromB64url(ivText);
  const tag = fromB64url(tagText);
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretBoxError("Secret box is malformed (bad IV or tag length)");
  }
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(fromB64url(ciphertextText)), decipher.final()]).toString("utf8");
  } catch {
    // GCM cannot tell these apart, and saying more would help an attacker, not an operator.
    throw new SecretBoxError(
      "Secret box failed authentication: it was altered, or the key or associated data differ",
    );
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`Encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
  }
}

function b64url(bytes: Buffer): string {
  return bytes.toString("base64url");
}

function fromB64url(text: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SecretBoxError("Secret box is malformed (not base64url)");
  return Buffer.from(text, "base64url");
}
