"use client";
// The console's pages act through the same JSON API scripts use (/api/admin/*): same validation, role
// checks, audit and idempotency. The session cookie rides along; the browser's Origin header passes
// the API's cross-site check because these calls come from our own pages.

export interface ApiAnswer<Body = unknown> {
  ok: boolean;
  status: number;
  body: Body | null;
}

interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
}

export async function callAdminApi<Body = unknown>(
  path: string,
  options: { method?: "GET" | "POST" | "PATCH" | "DELETE"; body?: unknown; idempotencyKey?: string } = {},
): Promise<ApiAnswer<Body>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "POST",
      credentials: "same-origin",
      headers: {
        "content-type": "application/json",
        ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      },
      body:
        options.method === "DELETE" || options.method === "GET"
          ? undefined
          : JSON.stringify(options.body ?? {}),
    });
  } catch {
    return { ok: false, status: 0, body: null };
  }
  let body: Body | null = null;
  try {
    body = (await response.json()) as Body;
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body };
}

export function errorCode(answer: ApiAnswer): string | undefined {
  return (answer.body as ApiErrorBody | null)?.error?.code;
}

/** A key per attempt at an action: a retry of the same dialog reuses it, so it is never done twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
