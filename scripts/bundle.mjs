// Bundles the processes that run beside the Next.js server into dist/*.mjs, so production runs them
// with plain `node` and production dependencies only (no tsx, no TypeScript, no Prisma CLI).
// Part of `npm run build`, after `next build`.
//
// What is bundled: our TypeScript (tsconfig `paths` resolved) and the generated Prisma client
// (generated/prisma is TypeScript source, produced at install time by the dev-only Prisma CLI, so it
// must travel inside the bundle). What stays an import resolved from node_modules at run time: every
// package in package.json `dependencies` (pg, @prisma/adapter-pg, the Prisma client runtime and its
// query-compiler WASM, bullmq, ioredis, pino, …): `npm ci --omit=dev` installs exactly those, native
// and WASM files stay where their packages look for them, and there is one copy of each.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist");

// One line per command shipped to production: dist/<name>.mjs from <source>.
const ENTRIES = [
  { name: "workers", source: "workers/main.ts" },
  { name: "db-migrate", source: "scripts/db-migrate.ts" },
  { name: "db-seed", source: "scripts/db-seed.ts" },
  { name: "admin-create", source: "scripts/admin-create.ts" },
  { name: "wallet-check", source: "scripts/wallet-check.ts" },
];

const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const productionPackages = Object.keys(packageJson.dependencies ?? {});

const entries = ENTRIES.filter((entry) => {
  if (existsSync(path.join(root, entry.source))) return true;
  if (entry.optional) return false;
  throw new Error(`bundle entry ${entry.name}: ${entry.source} not found`);
});

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(entries.map((entry) => [entry.name, entry.source])),
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // A package name also covers its subpaths (@prisma/client/runtime/…).
  external: productionPackages,
  // Stack traces in production logs name our functions.
  minify: false,
  metafile: true,
  logLevel: "warning",
});

const problems = [];
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!output.entryPoint) continue;
  const inputs = Object.keys(output.inputs);
  // A dev dependency pulled into a bundle works here and hides that production lacks it: refuse.
  const bundledPackages = new Set(
    inputs.filter((input) => input.includes("node_modules/")).map((input) => packageOf(input)),
  );
  if (bundledPackages.size > 0) {
    problems.push(
      `${file} bundles ${[...bundledPackages].join(", ")}: add them to "dependencies" or stop importing them`,
    );
  }
  // Entries are commands that run when loaded; one inside another bundle would run there too.
  for (const other of entries) {
    if (other.source !== output.entryPoint && inputs.includes(other.source)) {
      problems.push(`${file} includes the command ${other.source}: import the module it uses instead`);
    }
  }
}
if (problems.length > 0) {
  console.error(`[bundle] refused:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
for (const entry of entries) console.info(`[bundle] dist/${entry.name}.mjs  <-  ${entry.source}`);

function packageOf(input) {
  const rest = input.slice(input.lastIndexOf("node_modules/") + "node_modules/".length).split("/");
  return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}
