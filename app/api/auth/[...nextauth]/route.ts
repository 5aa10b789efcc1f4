import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/operators/sign-in/auth-options";

// next-auth's own endpoints (sign-in, sign-out, CSRF token, session) for the operator console.
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(getAuthOptions())(request, context);
}

export { handler as GET, handler as POST };
