// `npm run db:seed`: inserts the demo catalog's missing products into DATABASE_URL and says what it
// did; a product that already exists keeps its price and names. Run `npm run db:migrate` first.
//
// `npm run db:seed -- --history <days>` also makes a realistic past of <days> days through the real
// services against the running wallet sandbox (seed-history.ts): only with the bundled sandbox, and
// once per database.
import { parseArgs } from "node:util";
import { describeCatalogSeed, seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { createPrismaClient } from "@/lib/platform/db/client";
import { getEnv } from "@/lib/platform/env";
import { HistorySeededAlready, seedHistory } from "./seed-history";

const MAX_DAYS = 90;

function historyDays(): number | undefined {
  const { values } = parseArgs({ options: { history: { type: "string" } }, allowPositionals: false });
  if (values.history === undefined) return undefined;
  const days = Number(values.history);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    throw new Error(`--history takes a number of days from 1 to ${MAX_DAYS} (got "${values.history}")`);
  }
  return days;
}

async function seedPast(days: number) {
  const env = getEnv();
  if (!env.wallet.usesSandbox) {
    throw new Error(
      "--history plays customers at the bundled sandbox's cashier: unset WALLET_BASE_URL (dev only)",
    );
  }
  const ctx = getServiceContext();
  try {
    const { orders } = await seedHistory(ctx, {
      days,
      sandboxUrl: env.wallet.baseUrl,
      clientId: env.wallet.clientId,
      log: (line) => console.info(`[db:seed] history ${line}`),
    });
    console.info(`[db:seed] history: ${orders} orders over ${days} days and today`);
  } finally {
    await ctx.prisma.$disconnect();
  }
}

const prisma = createPrismaClient(getEnv().databaseUrl);
try {
  const days = historyDays();
  const report = await seedDemoCatalog(prisma);
  for (const line of describeCatalogSeed(report)) console.info(`[db:seed] ${line}`);
  if (days !== undefined) await seedPast(days);
} catch (error) {
  // P2021: the table does not exist, i.e. the database was never migrated.
  const missingTable = (error as { code?: string }).code === "P2021";
  const refused = error instanceof HistorySeededAlready ? "refused: " : "";
  console.error(
    `[db:seed] ${refused}${missingTable ? "the products table does not exist; run `npm run db:migrate` first" : error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
