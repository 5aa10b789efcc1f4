// Webhook signing secrets: made here (whsec_ + 32 random bytes in base64, the Standard Webhooks
// form receivers' libraries accept), shown to the ADMIN once, kept encrypted with the token key.
import { randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const associated = (endpointId: string) => `webhook:${endpointId}`;

export function sealWebhookSecret(secret: string, endpointId: string, key: Buffer): string {
  return encryptSecret(secret, key, associated(endpointId));
}

export function openWebhookSecret(cipher: string, endpointId: string, key: Buffer): string {
  return decryptSecret(cipher, key, associated(endpointId));
}
