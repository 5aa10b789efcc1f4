// Signing in to the operator console over HTTP as the sign-in page does (next-auth's CSRF token,
// then the credentials callback), from a chosen loopback source address: 127.0.0.0/8 is all this
// machine's, so a test can be "another client" without another machine.

import { Redis } from "ioredis";
import { Agent, request } from "undici";
import { expect } from "vitest";
import { signInFailurePrefix } from "@/lib/operators/sign-in/sign-in-failures";
import { distinctLoopbackAddress } from "./addresses";

export interface ConsoleSignIn {
  ok: boolean;
  /** What the sign-in page would show: INVALID, LOCKED:<seconds>, or the rate limit's message. */
  error?: string;
  /** The session cookie (name=value) on success. */
  sessionCookie?: string;
}

export async function signInOverHttp(
  baseUrl: string,
  credentials: { email: string; password: string },
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<ConsoleSignIn> {
  const dispatcher = new Agent(options.from ? { localAddress: options.from } : {});
  try {
    const csrf = await request(`${baseUrl}/api/auth/csrf`, { dispatcher, headers: options.headers });
    const { csrfToken } = (await csrf.body.json()) as { csrfToken: string };
    const cookies = cookiesOf(csrf.headers["set-cookie"]);
    const answer = await request(`${baseUrl}/api/auth/callback/credentials`, {
      dispatcher,
      method: "POST",
      headers: {
        ...options.headers,
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.join("; "),
      },
      body: new URLSearchParams({ ...credentials, csrfToken, json: "true" }).toString(),
    });
    const { url } = (await answer.body.json()) as { url: string };
    const error = new URL(url).searchParams.get("error") ?? undefined;
    const session = cookiesOf(answer.headers["set-cookie"]).find((c) =>
      c.includes("next-auth.session-token="),
    );
    return { ok: !error && Boolean(session), error, sessionCookie: session };
  } finally {
    await dispatcher.close();
  }
}

function cookiesOf(header: string | string[] | undefined): string[] {
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.map((cookie) => cookie.split(";")[0] as string);
}

/** A loopback address of its own per call, to open a connection from (see addresses.ts). */
export const loopbackAddress = distinctLoopbackAddress;

/**
 * What a shop's console must survive when reached directly (`npm run dev`, `npm start`): a stranger
 * at one loopback address tries ten wrong passwords on the admin's e-mail, then types
 * X-Forwarded-For headers to look like someone else; the admin signs in from another address.
 * Returns what each party saw, for the test to judge.
 */
export async function strangerThenOperator(baseUrl: string, admin: { email: string; password: string }) {
  await forgetEarlierFailures(admin.email);
  const stranger = { from: loopbackAddress() };
  const guesses: (string | undefined)[] = [];
  for (let i = 0; i < 10; i++) {
    guesses.push(
      (await signInOverHttp(baseUrl, { email: admin.email, password: `guess ${i}` }, stranger)).error,
    );
  }
  const wrong = { email: admin.email, password: "still guessing" };
  const strangerAgain = (await signInOverHttp(baseUrl, wrong, stranger)).error;
  const spoofed = (
    await signInOverHttp(baseUrl, wrong, { ...stranger, headers: { "x-forwarded-for": "10.1.2.3" } })
  ).error;
  const operator = await signInOverHttp(baseUrl, admin, { from: loopbackAddress() });
  const elsewhere = (await signInOverHttp(baseUrl, wrong, { from: loopbackAddress() })).error;
  return { guesses, strangerAgain, spoofed, operator, elsewhere };
}

/**
 * Every fresh stack's first admin has the same e-mail, and failed sign-ins are counted per e-mail in
 * the machine's Redis for an hour: an earlier test's stranger would have spent this one's budget.
 * Start from none, as a fresh install does.
 */
async function forgetEarlierFailures(email: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { lazyConnect: true });
  try {
    await redis.connect();
    const keys = await redis.keys(`${signInFailurePrefix(email)}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** The first admin `npm run dev` and `npm start` create on an empty database, as they print it once. */
export function firstAdminOf(output: string): { email: string; password: string } {
  const found = /first admin created: (\S+) \/ (\S+)/.exec(output);
  if (!found?.[1] || !found[2]) throw new Error(`no first admin in the output:\n${output}`);
  return { email: found[1], password: found[2] };
}

/** The stranger is slowed and then stopped, whatever address they type; the operator is neither. */
export function expectStrangerSlowedOperatorNot(
  seen: Awaited<ReturnType<typeof strangerThenOperator>>,
): void {
  expect(seen.guesses.slice(0, 5), "the stranger's first five guesses").toEqual(Array(5).fill("INVALID"));
  expect(seen.guesses.slice(5), "then that e-mail waits, from there").toEqual(
    Array(5).fill(expect.stringMatching(/^LOCKED:\d+$/)),
  );
  expect(seen.strangerAgain, "the stranger's address has used its 10 a minute").toMatch(/too many requests/i);
  expect(seen.spoofed, "a typed X-Forwarded-For buys no fresh budget").toMatch(/too many requests/i);
  expect(seen.operator, "the admin signs in from their own address").toMatchObject({ ok: true });
  expect(seen.elsewhere, "a third address has its own budget").toBe("INVALID");
}
