// Prints the SQL that brings the database from prisma/migrations to prisma/schema.prisma (dev only).
//
//   npm run -s db:diff                      # SQL from the committed migrations to the schema, on stdout
//   npm run -s db:diff -- --from-empty      # SQL for the whole schema
//   npm run db:diff -- --create add_thing   # writes prisma/migrations/<timestamp>_add_thing/migration.sql
//   npm run db:diff -- --check              # exit 1 if the schema has changes no migration contains
//
// Why this detour: Prisma 7's `migrate diff` needs the native schema engine, which it downloads and
// cannot here (no internet). Prisma 6.19.3 ships a WebAssembly schema engine (experimental config
// `engine: "js"` with a driver adapter) that computes the same diffs. It is installed once into the
// system temp folder, never into this repo. It needs a live PostgreSQL for scratch work (the server
// of DATABASE_URL, default local): it creates and drops its own `prisma_diff_*` databases and never
// touches the database named in the URL. Only the printing of SQL is used; `npm run db:migrate`
// applies migrations.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

const PRISMA_VERSION = "6.19.3";
const TOOL_DIR = join(tmpdir(), `wallet-merchant-prisma-${PRISMA_VERSION}`);
const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/merchant";

const repoRoot = resolve(import.meta.dirname, "..");
const schemaPath = join(repoRoot, "prisma", "schema.prisma");
const migrationsDir = join(repoRoot, "prisma", "migrations");

function parseArgs(argv) {
  const options = { fromEmpty: false, check: false, create: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--from-empty") options.fromEmpty = true;
    else if (arg === "--check") options.check = true;
    else if (arg === "--create") {
      options.create = argv[++i];
      if (!options.create || !/^[a-z0-9_]+$/.test(options.create)) {
        fail("--create needs a snake_case migration name, e.g. --create add_refund_reason");
      }
    } else fail(`unknown option ${arg}`);
  }
  return options;
}

// Thrown, not process.exit(), so the scratch database is always dropped on the way out.
function fail(message) {
  throw new DiffError(message);
}

class DiffError extends Error {}

function log(message) {
  console.error(`[db:diff] ${message}`);
}

function ensureTool() {
  const installed = join(TOOL_DIR, "node_modules", "prisma", "package.json");
  if (existsSync(installed) && JSON.parse(readFileSync(installed, "utf8")).version === PRISMA_VERSION) return;
  log(`installing prisma@${PRISMA_VERSION} into ${TOOL_DIR} (once)`);
  mkdirSync(TOOL_DIR, { recursive: true });
  writeFileSync(join(TOOL_DIR, "package.json"), '{ "private": true, "type": "module" }\n');
  // --ignore-scripts: the engines' postinstall would try to download native binaries.
  const result = spawnSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      `prisma@${PRISMA_VERSION}`,
      `@prisma/adapter-pg@${PRISMA_VERSION}`,
      "pg@8",
    ],
    { cwd: TOOL_DIR, stdio: ["ignore", process.stderr, "inherit"] },
  );
  if (result.status !== 0) fail("npm install of the diff tool failed");
}

// The Prisma config the tool runs with. Two fixes make the 6.19.3 WebAssembly engine work on
// PostgreSQL through @prisma/adapter-pg:
// - the adapter rejects catalog column types (`name`, `char`, `oid[]`, ...) that the engine reads when
//   it describes a database; they are plain text to the engine, so result fields are relabelled text;
// - the adapter's own shadow database inherits a `connectionString` that overrides the new database
//   name (it would migrate the main database instead) and drops it while still connected. Ours
//   connects by fields and drops with FORCE after closing.
const CONFIG_SOURCE = `
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const TEXT_OID = 25;
const CATALOG_TYPES = new Set([18, 19, 22, 24, 27, 28, 29, 30, 194, 1002, 1003, 1033, 2205, 2206, 3734, 4089, 4096]);
const relabel = (result) => {
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const field of one?.fields ?? []) if (CATALOG_TYPES.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  }
  return result;
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    const callback = args[last];
    args[last] = (error, result) => callback(error, error ? result : relabel(result));
    return query.apply(this, args);
  }
  const returned = query.apply(this, args);
  return returned && typeof returned.then === "function" ? returned.then(relabel) : returned;
};

const server = JSON.parse(process.env.DB_DIFF_SERVER);

class DiffAdapterFactory extends PrismaPg {
  async connectToShadowDb() {
    const name = "prisma_diff_shadow_" + Math.random().toString(36).slice(2, 10);
    const admin = new pg.Client({ ...server, database: "postgres" });
    await admin.connect();
    await admin.query('CREATE DATABASE "' + name + '"');
    const adapter = await new PrismaPg({ ...server, database: name }).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await admin.query('DROP DATABASE IF EXISTS "' + name + '" WITH (FORCE)');
      await admin.end();
    };
    return adapter;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  adapter: async () => new DiffAdapterFactory({ ...server, database: process.env.DB_DIFF_SCRATCH }),
});
`;

function serverFromUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname || "127.0.0.1",
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || "postgres"),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}

// CHECK constraints (our money invariants) live only in migration SQL: schema.prisma cannot express
// them, so they play no part in the diff — and the 6.19.3 engine crashes ("RuntimeError:
// unreachable") when it replays a migration that adds one. The engine gets a copy without them.
const CHECK_ONLY_ALTER =
  /ALTER TABLE\s+"[^"]+"\s+(?:ADD CONSTRAINT\s+"[^"]+"\s+CHECK\s*\([^;]*?\)\s*,?\s*)+;/g;

// Indexes schema.prisma cannot express (INCLUDE columns, partial indexes) sit in migrations between
// `-- begin: sql only` and `-- end: sql only`; like the CHECK constraints, they are left out.
const SQL_ONLY_BLOCK = /^-- begin: sql only$[\s\S]*?^-- end: sql only$/gm;

function copyMigrationsWithoutChecks(workDir) {
  const copy = join(workDir, "migrations");
  mkdirSync(copy, { recursive: true });
  for (const name of readdirSync(migrationsDir)) {
    const source = join(migrationsDir, name);
    if (!/^\d+_/.test(name)) {
      if (name === "migration_lock.toml") writeFileSync(join(copy, name), readFileSync(source));
      continue;
    }
    const sql = readFileSync(join(source, "migration.sql"), "utf8")
      .replace(CHECK_ONLY_ALTER, "")
      .replace(SQL_ONLY_BLOCK, "");
    mkdirSync(join(copy, name));
    writeFileSync(join(copy, name, "migration.sql"), sql.trim() ? sql : "-- no schema changes\n");
  }
  return copy;
}

function hasMigrations() {
  return existsSync(migrationsDir) && readdirSync(migrationsDir).some((name) => /^\d+_/.test(name));
}

// Prisma 6 prefixes a from-empty script with `CREATE SCHEMA IF NOT EXISTS "public"`; PostgreSQL
// checks the CREATE privilege on the database before IF NOT EXISTS, so that line fails for database
// users without it (common on managed hosting), while `public` always exists anyway.
function tidy(sql) {
  return sql.replace(/-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/, "");
}

function timestamp() {
  return new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  ensureTool();

  const server = serverFromUrl(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const scratch = `prisma_diff_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ ...server, database: "postgres" });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratch}"`);

  const workDir = mkdtempSync(join(TOOL_DIR, "run-"));
  try {
    // Prisma 6 requires a datasource url in the schema; Prisma 7 forbids it, so only the copy has it.
    const schema = readFileSync(schemaPath, "utf8").replace(
      /(datasource\s+db\s*\{[^}]*provider\s*=\s*"postgresql")/,
      '$1\n  url      = env("DATABASE_URL")',
    );
    writeFileSync(join(workDir, "schema.prisma"), schema);
    writeFileSync(join(workDir, "prisma.config.mjs"), CONFIG_SOURCE);

    const from =
      options.fromEmpty || !hasMigrations()
        ? ["--from-empty"]
        : ["--from-migrations", copyMigrationsWithoutChecks(workDir)];
    log(
      `diff ${from[0] === "--from-empty" ? "from empty" : "from prisma/migrations"} to prisma/schema.prisma`,
    );
    const result = spawnSync(
      process.execPath,
      [
        join(TOOL_DIR, "node_modules", "prisma", "build", "index.js"),
        "migrate",
        "diff",
        "--config",
        "prisma.config.mjs",
        ...from,
        "--to-schema-datamodel",
        "schema.prisma",
        "--script",
      ],
      {
        cwd: workDir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        env: {
          ...process.env,
          DATABASE_URL: `postgresql://${server.host}:${server.port}/${scratch}`,
          DB_DIFF_SERVER: JSON.stringify(server),
          DB_DIFF_SCRATCH: scratch,
          CHECKPOINT_DISABLE: "1",
          PRISMA_HIDE_UPDATE_MESSAGE: "1",
          // The CLI fetches a native query engine before any command; the js engine never loads it.
          PRISMA_QUERY_ENGINE_LIBRARY: process.execPath,
        },
      },
    );
    if (result.status !== 0) fail(`prisma migrate diff failed (exit ${result.status})`);
    const sql = tidy(result.stdout);
    const empty = sql.trim() === "" || sql.includes("-- This is an empty migration.");

    if (options.check) {
      if (empty) log("schema and migrations agree");
      else {
        process.stdout.write(sql);
        log("schema.prisma has changes that no migration contains (run: npm run db:diff -- --create <name>)");
        process.exitCode = 1;
      }
    } else if (options.create) {
      if (empty) fail("nothing to migrate: schema and migrations agree");
      const dir = join(migrationsDir, `${timestamp()}_${options.create}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "migration.sql"), sql);
      const lock = join(migrationsDir, "migration_lock.toml");
      if (!existsSync(lock)) {
        writeFileSync(
          lock,
          '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
        );
      }
      log(`wrote ${dir}/migration.sql — read it before committing`);
    } else {
      process.stdout.write(sql);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}

try {
  await main();
} catch (error) {
  console.error(`[db:diff] ${error instanceof DiffError ? error.message : error?.stack || error}`);
  process.exitCode = 2;
}
