// `npm run admin:create -- --email E --password P --role ADMIN`: an operator for the console, for
// production (where `npm run dev`'s first admin does not exist). Flags win over the environment:
// ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_ROLE (default ADMIN). Needs DATABASE_URL only.
// In production: `node dist/admin-create.mjs --email … --role …` with ADMIN_PASSWORD in the environment,
// so the password stays out of the shell history.
import { parseArgs } from "node:util";
import { createOperator } from "@/lib/operators/manage-operators";
import { operatorInput } from "@/lib/operators/operator-inputs";
import { createPrismaClient } from "@/lib/platform/db/client";
import { getDatabaseEnv } from "@/lib/platform/env";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
    },
  });
  const parsed = operatorInput.safeParse({
    email: values.email ?? process.env.ADMIN_EMAIL,
    password: values.password ?? process.env.ADMIN_PASSWORD,
    role: values.role ?? process.env.ADMIN_ROLE ?? "ADMIN",
    name: values.name ?? process.env.ADMIN_NAME ?? values.email ?? process.env.ADMIN_EMAIL ?? "",
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`[admin:create] ${issue.path.join(".") || "input"}: ${issue.message}`);
    }
    console.error(
      "[admin:create] usage: npm run admin:create -- --email E --password P --role VIEWER|SUPPORT|FINANCE|ADMIN (or a role made in the console)",
    );
    return 2;
  }
  const database = getDatabaseEnv();
  const prisma = createPrismaClient(database.databaseUrl, database.pooler);
  try {
    const operator = await createOperator({ prisma }, undefined, parsed.data);
    console.info(`[admin:create] created ${operator.role} ${operator.email} (${operator.id})`);
    return 0;
  } catch (error) {
    console.error(`[admin:create] ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}

process.exitCode = await main();
