// Test keys. Private keys are generated per run and never committed; the fixtures hold only the
// public half of the known-answer key (see fixtures/README.md).
import { spawnSync } from "node:child_process";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** The public half of the key behind the known-answer signature. */
export const knownAnswerPublicKeyPem = {
  spki: fixture("known-answer-key.spki.pem"),
  pkcs1: fixture("known-answer-key.pkcs1-public.pem"),
};

export interface TestKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateTestKeyPair(): TestKeyPair {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    privateKeyPem: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyPem: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** One generated key pair in every PEM encoding the project accepts. */
export function keyPairInEveryEncoding() {
  const pair = generateTestKeyPair();
  return {
    pkcs8Private: pair.privateKeyPem,
    pkcs1Private: pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    spkiPublic: pair.publicKeyPem,
    pkcs1Public: pair.publicKey.export({ type: "pkcs1", format: "pem" }).toString(),
  };
}

/** RSA-SHA256 PKCS#1 v1.5 signature of `content` by the openssl CLI: an independent implementation. */
export function opensslSignature(privateKeyPem: string, content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "openssl-sign-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const contentFile = path.join(dir, "content");
    writeFileSync(keyFile, privateKeyPem, { mode: 0o600 });
    writeFileSync(contentFile, content);
    const result = spawnSync("openssl", ["dgst", "-sha256", "-sign", keyFile, contentFile]);
    if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr.toString()}`);
    return result.stdout.toString("base64");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
