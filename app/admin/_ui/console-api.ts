"use client";
// The console's typed client of its own JSON API (/api/admin/*): openapi-fetch over the types that
// `npm run api:console-types` derives from the contracts (lib/http/contract/admin). A call names its
// path and method as the API reference does, and the compiler checks its path parameters and body
// against the contract:
//
//   const answer = await sent(consoleApi.POST("/api/admin/operators", { body }));
//   const done = await sent(consoleApi.POST("/api/admin/orders/{id}/refund", {
//     params: { path: { id }, header: { "Idempotency-Key": key } }, body,
//   }));
//
// The session cookie rides along; the browser's Origin header passes the API's cross-site check
// because these calls come from our own pages.
import createClient from "openapi-fetch";
import type { paths } from "@/generated/console-api";

export const consoleApi = createClient<paths>({ baseUrl: "", credentials: "same-origin" });

/**
 * What the dialogs and buttons read of an answer: ok, status and the body — the operation's data when
 * ok, its error `{ error: { code, message } }` when not. A request that never got an answer (offline)
 * is status 0 with no body.
 */
export type SentAnswer<Data, Failure> =
  | { ok: true; status: number; body: Data | null }
  | { ok: false; status: number; body: Failure | null };

export async function sent<Data, Failure>(
  call: Promise<{ data?: Data; error?: Failure; response: Response }>,
): Promise<SentAnswer<Data, Failure>> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { ok: true, status: response.status, body: data ?? null };
    return { ok: false, status: response.status, body: error ?? null };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}
