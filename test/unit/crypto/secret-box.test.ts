import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptSecret,
  encryptSecret,
  parseEncryptionKey,
  SecretBoxError,
} from "@/lib/platform/crypto/secret-box";

const key = randomBytes(32);

/** Flips one bit of the given base64url part (1 = iv, 2 = tag, 3 = ciphertext). */
function flipBit(box: string, part: 1 | 2 | 3): string {
  const parts = box.split(".");
  const bytes = Buffer.from(parts[part] as string, "base64url");
  bytes[0] = (bytes[0] as number) ^ 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("secret box", () => {
  it("decrypts what it encrypted, including non-ASCII and empty text", () => {
    for (const secret of ["access-token-abc123", "", "رمز الوصول ✓", "x".repeat(4096)]) {
      expect(decryptSecret(encryptSecret(secret, key), key)).toBe(secret);
    }
  });

  it("writes v1.<iv>.<tag>.<ciphertext> in base64url with a fresh 12-byte IV each time", () => {
    const first = encryptSecret("same token", key);
    const second = encryptSecret("same token", key);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("same token");
  });

  it.each([
    ["IV", 1],
    ["tag", 2],
    ["ciphertext", 3],
  ] as const)("refuses a box whose %s was altered", (_name, part) => {
    const box = encryptSecret("refresh-token-xyz", key);
    expect(() => decryptSecret(flipBit(box, part), key)).toThrow(SecretBoxError);
    expect(() => decryptSecret(flipBit(box, part), key)).toThrow(/failed authentication/);
  });

  it("refuses a box with a truncated ciphertext", () => {
    const box = encryptSecret("refresh-token-xyz", key);
    expect(() => decryptSecret(box.slice(0, -2), key)).toThrow(SecretBoxError);
  });

  it("refuses to decrypt with another key", () => {
    const box = encryptSecret("access-token", key);
    expect(() => decryptSecret(box, randomBytes(32))).toThrow(/failed authentication/);
  });

  it("binds a box to its associated data (the owning row)", () => {
    const box = encryptSecret("access-token", key, "customer-1");
    expect(decryptSecret(box, key, "customer-1")).toBe("access-token");
    expect(() => decryptSecret(box, key, "customer-2")).toThrow(/failed authentication/);
    expect(() => decryptSecret(box, key)).toThrow(/failed authentication/);
  });

  it.each([
    ["an empty string", ""],
    ["another version", "v2.aaaa.bbbb.cccc"],
    ["too few parts", "v1.aaaa.bbbb"],
    ["non-base64url characters", "v1.a+b/.bbbb.cccc"],
    [
      "a short IV",
      `v1.${Buffer.alloc(8).toString("base64url")}.${Buffer.alloc(16).toString("base64url")}.abcd`,
    ],
  ])("explains that %s is not a secret box", (_name, text) => {
    expect(() => decryptSecret(text, key)).toThrow(SecretBoxError);
  });

  it("refuses keys that are not 32 bytes when encrypting or decrypting", () => {
    expect(() => encryptSecret("x", randomBytes(16))).toThrow(/32 bytes, got 16/);
    expect(() => decryptSecret(encryptSecret("x", key), randomBytes(31))).toThrow(/32 bytes, got 31/);
  });
});

describe("parseEncryptionKey", () => {
  it("decodes a base64 32-byte key (standard or url alphabet, surrounding whitespace ignored)", () => {
    const raw = randomBytes(32);
    expect(parseEncryptionKey(raw.toString("base64")).equals(raw)).toBe(true);
    expect(parseEncryptionKey(`${raw.toString("base64url")}\n`).equals(raw)).toBe(true);
  });

  it.each([
    ["16 bytes", randomBytes(16).toString("base64"), /32 bytes once base64-decoded, got 16/],
    ["33 bytes", randomBytes(33).toString("base64"), /got 33/],
    ["empty", "", /base64-encoded/],
    ["text with spaces and punctuation", "not base64!", /base64-encoded/],
  ])("refuses a key of %s with a clear message", (_name, value, message) => {
    expect(() => parseEncryptionKey(value)).toThrow(SecretBoxError);
    expect(() => parseEncryptionKey(value)).toThrow(message);
  });
});
