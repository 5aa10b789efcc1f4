"use client";
// What the console's dialogs and buttons read of an API answer (console-api.ts makes the calls): the
// answer's shape, its error code, and a fresh Idempotency-Key per attempt.

export interface ApiAnswer<Body = unknown> {
  ok: boolean;
  status: number;
  body: Body | null;
}

interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
}

export function errorCode(answer: ApiAnswer): string | undefined {
  return (answer.body as ApiErrorBody | null)?.error?.code;
}

/** A key per attempt at an action: a retry of the same dialog reuses it, so it is never done twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
