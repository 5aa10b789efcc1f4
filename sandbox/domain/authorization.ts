// What the wallet app does when the user approves: my.getAuthCode (consent to scopes) and
// walletSignContract (agreement signing). Shared by the pages and the control API.
import type { SandboxContext } from "../context";
import { AGREEMENT_SCOPE, KNOWN_SCOPES } from "./scopes";
import { issueAuthCode } from "./tokens";
import { ensureUser } from "./users";

export class AuthorizationError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** my.getAuthCode's `fail` callback argument: scope → client-side error code. */
    readonly authErrorScopes?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface Authorization {
  authCode: string;
  authSuccessScopes: string[];
}

/** my.getAuthCode: every requested scope granted (the user approved), bound to the mini program if named. */
export function authorizeScopes(
  ctx: SandboxContext,
  input: { userId: string; scopes: string[]; clientId?: string },
): Authorization {
  const scopes = [...new Set(input.scopes.map((scope) => scope.trim()).filter(Boolean))];
  if (scopes.length === 0) throw new AuthorizationError("PARAM_ILLEGAL", "at least one scope is required");
  if (scopes.includes(AGREEMENT_SCOPE)) {
    // Spec, client-side error 2001: AGREEMENT_PAY comes from walletSignContract, not getAuthCode.
    throw new AuthorizationError("2001", "AGREEMENT_PAY is granted by signing an agreement", {
      [AGREEMENT_SCOPE]: "2001",
    });
  }
  const unknown = scopes.filter((scope) => !KNOWN_SCOPES.includes(scope));
  if (unknown.length > 0) {
    throw new AuthorizationError(
      "1000",
      `unknown scopes: ${unknown.join(", ")}`,
      Object.fromEntries(unknown.map((scope) => [scope, "1000"])),
    );
  }
  if (input.clientId && !ctx.store.get("merchant", input.clientId)) {
    throw new AuthorizationError("INVALID_CLIENT", "unknown clientId");
  }
  ensureUser(ctx.store, ctx.clock, ctx.settings(), input.userId);
  const code = issueAuthCode(ctx.store, ctx.clock, ctx.settings(), {
    userId: input.userId,
    scopes,
    clientId: input.clientId,
  });
  return { authCode: code.authCode, authSuccessScopes: code.scopes };
}

/** The agreement link token from an authorizationUrl (or the token itself). */
export function agreementTokenOf(input: { authorizationUrl?: string; token?: string }): string | undefined {
  if (input.token) return input.token;
  if (!input.authorizationUrl) return undefined;
  try {
    return new URL(input.authorizationUrl).searchParams.get("token") ?? undefined;
  } catch {
    return undefined;
  }
}

/** walletSignContract: the user signs; the result is an authCode carrying AGREEMENT_PAY. */
export function authorizeAgreement(
  ctx: SandboxContext,
  input: { token: string; userId: string },
): Authorization {
  const link = ctx.store.get("agreementLink", input.token);
  if (!link) throw new AuthorizationError("INVALID_AGREEMENT", "unknown agreement link");
  if (link.authorizedAt !== undefined) {
    throw new AuthorizationError("AGREEMENT_ALREADY_SIGNED", "this agreement link was already used");
  }
  if (link.expiresAt <= ctx.clock.nowMs())
    throw new AuthorizationError("AGREEMENT_EXPIRED", "the agreement link expired");
  ensureUser(ctx.store, ctx.clock, ctx.settings(), input.userId);
  const code = issueAuthCode(ctx.store, ctx.clock, ctx.settings(), {
    userId: input.userId,
    scopes: link.scopes,
    clientId: link.clientId,
    agreement: true,
  });
  link.authorizedAt = ctx.clock.nowMs();
  link.authorizedUserId = input.userId;
  link.authCode = code.authCode;
  ctx.store.save("agreementLink", link);
  return { authCode: code.authCode, authSuccessScopes: code.scopes };
}
