import "server-only";
// next-auth for the operator console: credentials against the Operator table (lib/operators/sign-in/sign-in.ts),
// and a JWT that names a session row kept on the server (lib/operators/sessions/operator-sessions.ts), as long-lived
// as that session (OPERATOR_SESSION_HOURS, a working day). The role in the token is only a hint for
// the pages: every request reads the session and its operator, so signing out, disabling someone or
// changing their role or password takes effect at once (lib/operators/current-operator.ts).
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getPrisma } from "@/lib/platform/db/client";
import { getEnv, publishNextAuthUrl } from "@/lib/platform/env";
import { getLogger } from "@/lib/platform/log";
import { endOperatorSession } from "../sessions/operator-sessions";
import { authorizeOperator, signInRefusal } from "./authorize-operator";

declare module "next-auth" {
  interface Session {
    operator: { id: string; email: string; name: string; role: string; sessionId: string };
  }
  interface User {
    role: string;
    sessionId: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    operatorId?: string;
    role?: string;
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
          code: { label: "Code", type: "text" },
          // A passkey's answer (JSON) to the ceremony `ceremony` names (lib/operators/sign-in/passkeys.ts).
          passkey: { label: "Passkey", type: "text" },
          ceremony: { label: "Ceremony", type: "text" },
        },
        authorize: (credentials, request) =>
          authorizeOperator(credentials, request?.headers).catch(signInRefusal),
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
