// What state an API key is in, worked out from its row: it has no status column, since expiry comes
// with time alone. Pure, so the API contract documents the same list the service answers with.
import type { ApiKey } from "@/lib/platform/db";

export const API_KEY_STATES = ["ACTIVE", "EXPIRED", "REVOKED"] as const;

type ApiKeyState = (typeof API_KEY_STATES)[number];

export function apiKeyState(key: Pick<ApiKey, "revokedAt" | "expiresAt">, now: Date): ApiKeyState {
  if (key.revokedAt) return "REVOKED";
  return key.expiresAt <= now ? "EXPIRED" : "ACTIVE";
}
