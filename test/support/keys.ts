// Test keys: fixed ones for known-answer tests, fresh ones for everything else.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

export const fixedKeyPem = {
  pkcs8Private: fixture("merchant-test-key.pkcs8.pem"),
  pkcs1Private: fixture("merchant-test-key.pkcs1.pem"),
  spkiPublic: fixture("merchant-test-key.spki.pem"),
  pkcs1Public: fixture("merchant-test-key.pkcs1-public.pem"),
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
