// Every failure in words, in the customer's language, with what can be done about it: try again,
// ask again, or finish one-tap pay first (docs/mini-program.md, "Errors and what the mini program does").
import { ApiError } from "./api";
import { hasMessage, t } from "./i18n";
import type { MessageKey } from "./messages";

type Remedy = "retry" | "ask-again" | "finish-agreement" | "none";

export interface Problem {
  text: string;
  remedy: Remedy;
}

const BACKEND_REMEDY: Record<string, Remedy> = {
  WALLET_UNAVAILABLE: "retry",
  SERVICE_UNAVAILABLE: "retry",
  RATE_LIMITED: "retry",
  INTERNAL: "retry",
  NETWORK: "retry",
  OPERATION_IN_PROGRESS: "retry",
  AUTH_CODE_REJECTED: "ask-again",
  REAUTHORIZE: "ask-again",
  UNAUTHENTICATED: "ask-again",
  SCOPE_NOT_GRANTED: "ask-again",
  NO_AGREEMENT: "finish-agreement",
};

/** my.getAuthCode refused: the sign-in, or a scope asked for, did not happen. */
export class AuthRefused extends Error {
  constructor(readonly code: string) {
    super(`my.getAuthCode failed with ${code}`);
  }
}

/** A backend failure (ApiError), a refused sign-in (AuthRefused), or anything thrown. */
export function backendProblem(error: unknown): Problem {
  if (error instanceof AuthRefused) return authProblem(error.code);
  const code = error instanceof ApiError ? error.code : "UNKNOWN";
  const key = `error_${code}`;
  return { text: t(hasMessage(key) ? key : "error_UNKNOWN"), remedy: BACKEND_REMEDY[code] ?? "retry" };
}

/** my.getAuthCode's codes: 1001 asks again, 2001 sends to one-tap pay, the rest retry. */
function authProblem(code: string): Problem {
  const key = `auth_${code}`;
  const remedy: Remedy = code === "2001" ? "finish-agreement" : code === "1001" ? "ask-again" : "retry";
  return { text: t(hasMessage(key) ? key : "auth_1000"), remedy };
}

export function signProblem(code: string): Problem {
  return { text: t(code === "6002" ? "sign_6002" : "sign_6001"), remedy: "retry" };
}

/** Why a FAILED order failed, from the wallet's resultCode. */
export function failureText(code: string | null | undefined): string {
  const key = `failure_${code ?? "OTHER"}`;
  return t(hasMessage(key) ? (key as MessageKey) : "failure_OTHER");
}
