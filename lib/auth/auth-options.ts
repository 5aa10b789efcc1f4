import "server-only";
// next-auth for the operator console: credentials against the Operator table (lib/auth/sign-in.ts),
// and a JWT that names a session row kept on the server (lib/auth/operator-sessions.ts), as long-lived
// as that session (OPERATOR_SESSION_HOURS, a working day). The role in the token is only a hint for
// the pages: every request reads the session and its operator, so signing out, disabling someone or
// changing their role or password takes effect at once (lib/auth/operator-session.ts).
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { OperatorRole } from "@/lib/db";
import { getPrisma } from "@/lib/db/client";
import { getEnv, publishNextAuthUrl } from "@/lib/env";
import { clientAddressOf, enforceRateLimit } from "@/lib/http/rate-limit";
import { getLogger } from "@/lib/log";
import { endOperatorSession, startOperatorSession } from "./operator-sessions";
import { signInOperator } from "./sign-in";

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
    operator: { id: string; email: string; name: string; role: OperatorRole; sessionId: string };
  }
  interface User {
    role: OperatorRole;
    sessionId: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    operatorId?: string;
    role?: OperatorRole;
    /** The server-side session this token belongs to (operator_sessions.id). */
    sessionId?: string;
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
  const maxAge = Math.ceil(env.operatorSessions.maxAgeMs / 1000);
  options = {
    secret: env.nextauthSecret,
    useSecureCookies: usesSecureCookies(),
    // The cookie's and the token's own expiry (next-auth's JWT defaults to 30 days) are the session's.
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge },
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
          const address = addressOf(request?.headers);
          await enforceRateLimit(SIGN_IN_LIMIT, address);
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
          const { id, name, role } = result.operator;
          const userAgent = request?.headers?.["user-agent"];
          const sessionId = await startOperatorSession(
            getPrisma(),
            { operatorId: id, address, userAgent: typeof userAgent === "string" ? userAgent : undefined },
            env.operatorSessions,
          );
          getLogger().info({ operatorId: id, sessionId }, "operator signed in");
          return { id, email: result.operator.email, name, role, sessionId };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.operatorId = user.id;
          token.role = user.role;
          token.sessionId = user.sessionId;
        }
        return token;
      },
      session({ session, token }) {
        session.operator = {
          id: token.operatorId ?? "",
          email: token.email ?? "",
          name: token.name ?? "",
          role: token.role ?? "VIEWER",
          sessionId: token.sessionId ?? "",
        };
        return session;
      },
    },
    events: {
      // Signing out ends this session on the server: the token, wherever it was copied, ends with it.
      async signOut({ token }) {
        if (!token?.sessionId) return;
        await endOperatorSession(getPrisma(), token.sessionId, "SIGNED_OUT");
        getLogger().info({ operatorId: token.operatorId, sessionId: token.sessionId }, "operator signed out");
      },
    },
  };
  return options;
}
