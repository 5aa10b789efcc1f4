// `npm run db:seed`: inserts the demo catalog's missing products into DATABASE_URL and says what it
// did; a product that already exists keeps its price and names. Run `npm run db:migrate` first.
import { describeCatalogSeed, seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createPrismaClient } from "@/lib/platform/db/client";
import { getEnv } from "@/lib/platform/env";

const prisma = createPrismaClient(getEnv().databaseUrl);
try {
  const report = await seedDemoCatalog(prisma);
  for (const line of describeCatalogSeed(report)) console.info(`[db:seed] ${line}`);
} catch (error) {
  // P2021: the table does not exist, i.e. the database was never migrated.
  const missingTable = (error as { code?: string }).code === "P2021";
  console.error(
    `[db:seed] ${missingTable ? "the products table does not exist; run `npm run db:migrate` first" : error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
