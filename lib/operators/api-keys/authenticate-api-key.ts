import "server-only";
// The console's API for scripts: `Authorization: Bearer wmk_…`, a key an ADMIN made on the API keys
// page (lib/operators/api-keys/manage-api-keys.ts). A key acts for the operator who made it, with its own role but never
// more than theirs now: narrowing that operator takes effect on their keys at once, a second factor
// their role requires and they lack suspends them, and their troubles (a new password, a reset
// second factor, sessions ended by an admin, disabling) revoke them (revoke-api-keys.ts).
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/platform/db";
import { type Grants, grantsOf, narrowestGrants } from "../roles/grants";
import { lacksRequiredSecondFactor } from "../sign-in/second-factor-policy";

/** Marks our keys, so a leaked one is recognised (secret scanners) and never taken for a session. */
const API_KEY_PREFIX = "wmk_";
/** How much of a key lists show: enough to tell keys apart, far too little to use. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
/** lastUsedAt is written at most this often per key: a write per request would be waste. */
const LAST_USED_GRANULARITY_MS = 60_000;

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A new secret (256 random bits), what lists show of it, and the hash that is stored. */
export function newApiKeySecret(): { secret: string; prefix: string; secretHash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, SHOWN_LENGTH), secretHash: hashApiKey(secret) };
}

/** SHA-256: the secret is random and long, so a slow password hash would only cost every request. */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The key's grants are its role's, narrowed to its maker's current ones. */
export interface ApiKeyOperator extends Grants {
  operatorId: string;
  email: string;
  name: string;
  apiKeyId: string;
}

/**
 * The operator a key acts for; null for an unknown, revoked or expired key or a disabled maker;
 * SUSPENDED while its maker's role requires a second factor they have not set up (a key must not be
 * the way round that policy; it works again once they enrol).
 */
export async function authenticateApiKey(
  prisma: PrismaClient,
  secret: string,
  now: Date,
): Promise<ApiKeyOperator | "SUSPENDED" | null> {
  const key = await prisma.apiKey.findUnique({
    where: { secretHash: hashApiKey(secret) },
    include: { roleDefinition: true, operator: { include: { roleDefinition: true } } },
  });
  if (!key || key.revokedAt || key.expiresAt <= now || key.operator.disabledAt) return null;
  if (await lacksRequiredSecondFactor(prisma, key.operator)) return "SUSPENDED";
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  return {
    operatorId: key.operator.id,
    email: key.operator.email,
    name: `${key.operator.name} (API key "${key.name}")`,
    ...narrowestGrants(grantsOf(key.roleDefinition), grantsOf(key.operator.roleDefinition)),
    apiKeyId: key.id,
  };
}
