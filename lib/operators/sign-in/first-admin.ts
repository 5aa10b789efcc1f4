// The first operator of a fresh installation. `npm run dev` calls ensureFirstAdmin on an empty
// operators table and prints the credentials once; production uses `npm run admin:create` instead.
import { randomBytes } from "node:crypto";
import { createOperator } from "@/lib/operators/manage-operators";
import type { PrismaClient } from "@/lib/platform/db";

const FIRST_ADMIN_EMAIL = "admin@example.com";

/** Creates an ADMIN with a random password when there is no operator at all; its credentials, or null. */
export async function ensureFirstAdmin(
  prisma: PrismaClient,
): Promise<{ email: string; password: string } | null> {
  if ((await prisma.operator.count()) > 0) return null;
  const password = randomBytes(12).toString("base64url");
  await createOperator({ prisma }, undefined, {
    email: FIRST_ADMIN_EMAIL,
    name: "First admin",
    role: "ADMIN",
    password,
  });
  return { email: FIRST_ADMIN_EMAIL, password };
}
