import "server-only";
// next-auth for the operator console: credentials against the Operator table (lib/auth/sign-in.ts),
// JWT sessions (no session table) carrying the operator's id and role, 8 hours long — a shift. The
// role in the token is only a hint for the pages: every request re-reads the operator, so disabling
// someone or changing their role takes effect at once (lib/auth/operator-session.ts).
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { OperatorRole } from "@/lib/db";
import { getPrisma } from "@/lib/db/client";
import { getEnv, publishNextAuthUrl } from "@/lib/env";
import { clientAddressOf, enforceRateLimit } from "@/lib/http/rate-limit";
import { getLogger } from "@/lib/log";
import { signInOperator } from "./sign-in";

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** Sign-in attempts per client address per minute, whatever the e-mail. */
const SIGN_IN_LIMIT = { name: "admin-sign-in", points: 10, durationSeconds: 60 };

function addressOf(headers: Record<string, unknown> | undefined): string {
  return clientAddressOf((name) => {
    const value = headers?.[name];
    return typeof value === "string" ? value : undefined;
  });
}

/** Why a sign-in was refused, as next-auth passes it to the sign-in page (`error`). */
const SIGN_IN_ERRORS = { INVALID: "INVALID", DISABLED: "DISABLED", LOCKED: "LOCKED" } as const;

declare module "next-auth" {
  interface Session {
    operator: { id: string; email: string; name: string; role: OperatorRole };
  }
  interface User {
    role: OperatorRole;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    operatorId?: string;
    role?: OperatorRole;
  }
}

/** Cookies are `Secure` (and __Secure- prefixed) whenever the app is served over https. */
export function usesSecureCookies(): boolean {
  return getEnv().publicBaseUrl.startsWith("https://");
}

let options: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  if (options) return options;
  const env = getEnv();
  publishNextAuthUrl(env);
  options = {
    secret: env.nextauthSecret,
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/admin/sign-in", error: "/admin/sign-in" },
    providers: [
      Credentials({
        name: "Operator",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, request) {
          // Guessing is slowed per account (lockout) and per address: the same limit across instances.
          await enforceRateLimit(SIGN_IN_LIMIT, addressOf(request?.headers));
          const email = String(credentials?.email ?? "").slice(0, 320);
          const password = String(credentials?.password ?? "").slice(0, 1024);
          if (!email || !password) throw new Error(SIGN_IN_ERRORS.INVALID);
          const result = await signInOperator(getPrisma(), { email, password });
          if (!result.ok) {
            getLogger().warn({ email, reason: result.reason, security: true }, "operator sign-in refused");
            throw new Error(
              result.reason === "LOCKED"
                ? `${SIGN_IN_ERRORS.LOCKED}:${result.retryAfterSeconds}`
                : result.reason,
            );
          }
          getLogger().info({ operatorId: result.operator.id }, "operator signed in");
          const { id, name, role } = result.operator;
          return { id, email: result.operator.email, name, role };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.operatorId = user.id;
          token.role = user.role;
        }
        return token;
      },
      session({ session, token }) {
        session.operator = {
          id: token.operatorId ?? "",
          email: token.email ?? "",
          name: token.name ?? "",
          role: token.role ?? "VIEWER",
        };
        return session;
      },
    },
  };
  return options;
}
