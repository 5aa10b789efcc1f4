// Runs `prisma generate` offline.
//
// Prisma 7's CLI tries to download a schema-engine binary before generating, which fails on
// machines without internet. Generate never executes that engine, so pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file (here: the node binary) lets it proceed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let prismaCli;
try {
  prismaCli = require.resolve("prisma/build/index.js");
} catch {
  // `npm ci --omit=dev` has no Prisma CLI; the generated client must then come from the build.
  console.warn("[db:generate] prisma CLI not installed; skipping client generation");
  process.exit(0);
}
if (!existsSync("prisma/schema.prisma")) process.exit(0);

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;

const result = spawnSync(process.execPath, [prismaCli, "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
