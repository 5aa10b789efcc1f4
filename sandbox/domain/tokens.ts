// Auth codes and token sets: single-use expiring auth codes, access tokens, and single-use refresh
// tokens (spec, applyToken rules 3–5).
import type { SandboxClock } from "../clock";
import { newId, newSecret } from "../ids";
import type { Settings } from "../settings";
import type { AuthCode, TokenSet } from "../store/entities";
import { type SandboxStore, scopedKey } from "../store/store";

export function issueAuthCode(
  store: SandboxStore,
  clock: SandboxClock,
  settings: Settings,
  input: { userId: string; scopes: string[]; clientId?: string; agreement?: boolean },
): AuthCode {
  const now = clock.nowMs();
  return store.save("authCode", {
    authCode: newSecret("ac_", 18),
    userId: input.userId,
    clientId: input.clientId,
    scopes: [...new Set(input.scopes)],
    agreement: input.agreement ?? false,
    createdAt: now,
    expiresAt: now + settings.authCodeTtlSeconds * 1000,
  });
}

export function issueTokenSet(
  store: SandboxStore,
  clock: SandboxClock,
  settings: Settings,
  input: { clientId: string; userId: string; scopes: string[]; agreement: boolean },
): TokenSet {
  const now = clock.nowMs();
  // customerId is the wallet user id: stable across authorizations, so a merchant's customer row
  // survives re-authorization.
  const customerKey = scopedKey(input.clientId, input.userId);
  if (!store.get("customer", customerKey)) {
    store.save("customer", {
      key: customerKey,
      clientId: input.clientId,
      userId: input.userId,
      customerId: input.userId,
      firstAuthorizedAt: now,
    });
  }
  return store.save("tokenSet", {
    id: newId("ts_", 8),
    clientId: input.clientId,
    userId: input.userId,
    customerId: input.userId,
    scopes: input.scopes,
    agreement: input.agreement,
    accessToken: newSecret("at_", 32),
    accessTokenExpiresAt: now + settings.accessTokenTtlSeconds * 1000,
    refreshToken: newSecret("rt_", 32),
    refreshTokenExpiresAt: now + settings.refreshTokenTtlSeconds * 1000,
    createdAt: now,
  });
}

export type AccessTokenLookup =
  | { state: "valid"; tokens: TokenSet }
  | { state: "expired"; tokens: TokenSet }
  | { state: "unknown" };

/** An access token of another merchant is as unknown as a made-up one. */
export function lookupAccessToken(
  store: SandboxStore,
  clock: SandboxClock,
  clientId: string,
  accessToken: string,
): AccessTokenLookup {
  const tokens = store.tokensByAccess.get(accessToken);
  if (!tokens || tokens.clientId !== clientId) return { state: "unknown" };
  if (tokens.accessTokenExpiresAt <= clock.nowMs()) return { state: "expired", tokens };
  return { state: "valid", tokens };
}

/**
 * The user withdraws their agreements with a merchant in the wallet app (or with every merchant when
 * no clientId is given): every agreement token set is revoked, so agreement `pay` answers
 * INVALID_ACCESS_TOKEN and a refresh INVALID_REFRESH_TOKEN. Returns how many token sets it revoked.
 */
export function revokeAgreements(
  store: SandboxStore,
  clock: SandboxClock,
  input: { userId: string; clientId?: string | undefined },
): number {
  let revoked = 0;
  for (const tokens of store.all("tokenSet")) {
    if (!tokens.agreement || tokens.userId !== input.userId || tokens.revokedAt !== undefined) continue;
    if (input.clientId && tokens.clientId !== input.clientId) continue;
    tokens.revokedAt = clock.nowMs();
    store.save("tokenSet", tokens);
    revoked++;
  }
  return revoked;
}
