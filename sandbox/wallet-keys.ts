// The wallet's own RSA key pair, generated on first start into the data dir and kept across
// restarts, so merchants configure the wallet public key once.
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPrivateKey } from "@/lib/wallet/signature";

export interface WalletKeys {
  privateKey: KeyObject;
  publicKeyPem: string;
}

export function loadOrCreateWalletKeys(dataDir: string): WalletKeys {
  const path = join(dataDir, "wallet-private-key.pem");
  if (!existsSync(path)) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    writeFileSync(path, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  }
  const privateKey = loadPrivateKey(readFileSync(path, "utf8"));
  const publicKeyPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  writeFileSync(join(dataDir, "wallet-public-key.pem"), publicKeyPem);
  return { privateKey, publicKeyPem };
}
