// The backend through clients/mini-program (the generated typed client), and the one shape this
// mini program gives every failure: a code to say in words (errors.ts). A session that ended is
// started again once, silently, and the call repeated.
import {
  createMiniProgramClient,
  type MiniProgramClient,
  newIdempotencyKey,
} from "../../clients/mini-program/client";
import { apiBaseUrl } from "./config";

export type { Order, Plan, Product, Subscription } from "../../clients/mini-program/client";
export { newIdempotencyKey };

export const api: MiniProgramClient = createMiniProgramClient({ baseUrl: apiBaseUrl() });

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

const SESSION_ENDED = new Set(["UNAUTHENTICATED", "REAUTHORIZE"]);
let renewSession: (() => Promise<void>) | undefined;
let signedIn: () => Promise<void> = () => Promise.resolve();

/**
 * How calls wait for the sign-in that runs beside the first page, and how a call that found the
 * session ended signs in again (session.ts).
 */
export function connectSession(hooks: { ready: () => Promise<void>; renew: () => Promise<void> }): void {
  signedIn = hooks.ready;
  renewSession = hooks.renew;
}

function errorOf(answer: Answer<unknown>): ApiError {
  const body = answer.error as { error?: { code?: string; message?: string } } | undefined;
  const code = body?.error?.code ?? (answer.response.status >= 500 ? "INTERNAL" : "UNKNOWN");
  return new ApiError(code, body?.error?.message ?? `HTTP ${answer.response.status}`, answer.response.status);
}

async function once<T>(call: () => Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call();
  } catch {
    throw new ApiError("NETWORK", "no answer from the backend", 0);
  }
  if (answer.data !== undefined && answer.response.ok) return answer.data;
  throw errorOf(answer as Answer<unknown>);
}

/**
 * The data of a successful call, else an ApiError; an ended session is renewed and the call
 * repeated. Calls for the customer wait for the sign-in; `public` ones (the catalog, the session
 * itself) do not.
 */
export async function call<T>(
  request: () => Promise<Answer<T>>,
  access: "customer" | "public" = "customer",
): Promise<T> {
  if (access === "public") return once(request);
  await signedIn();
  try {
    return await once(request);
  } catch (error) {
    if (!(error instanceof ApiError) || !SESSION_ENDED.has(error.code) || !renewSession) throw error;
    await renewSession();
    return once(request);
  }
}
