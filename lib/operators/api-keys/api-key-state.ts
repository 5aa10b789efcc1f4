// What state an API key is in, worked out from its row and its maker: it has no status column,
// since expiry comes with time alone and a suspension with the maker's second-factor policy. Pure,
// so the API contract documents the same list the service answers with.
import type { ApiKey } from "@/lib/platform/db";

export const API_KEY_STATES = ["ACTIVE", "SUSPENDED", "EXPIRED", "REVOKED"] as const;

type ApiKeyState = (typeof API_KEY_STATES)[number];

/**
 * Why a key was revoked: on the API keys page, or with its maker's troubles (a key belongs to a
 * person: whatever ends their sessions because their account may be in other hands ends their keys).
 */
export const API_KEY_REVOKE_REASONS = [
  "BY_OPERATOR",
  "MAKER_PASSWORD_CHANGED",
  "MAKER_SECOND_FACTOR_RESET",
  "MAKER_SESSIONS_ENDED",
  "MAKER_DISABLED",
] as const;

export type ApiKeyRevokeReason = (typeof API_KEY_REVOKE_REASONS)[number];

/** The maker as far as a key's state depends on them: a second factor their role requires, or not. */
export interface KeyMaker {
  totpEnabledAt: Date | null;
  roleDefinition: { requireSecondFactor: boolean };
  _count: { passkeys: number };
}

/** The maker's role requires a second factor and they have none: their keys wait until they enrol. */
export function makerLacksSecondFactor(maker: KeyMaker): boolean {
  return maker.roleDefinition.requireSecondFactor && !maker.totpEnabledAt && maker._count.passkeys === 0;
}

export function apiKeyState(
  key: Pick<ApiKey, "revokedAt" | "expiresAt">,
  now: Date,
  makerLacksFactor = false,
): ApiKeyState {
  if (key.revokedAt) return "REVOKED";
  if (key.expiresAt <= now) return "EXPIRED";
  return makerLacksFactor ? "SUSPENDED" : "ACTIVE";
}
