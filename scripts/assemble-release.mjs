// Assembles the production release: one folder holding everything production runs, and nothing
// else. The Dockerfile ships exactly this folder and test/production runs exactly this folder, both
// after `npm ci --omit=dev --ignore-scripts` inside it. Last step of `npm run build`.
//
//   node scripts/assemble-release.mjs            # into release/ (replaced)
//   node scripts/assemble-release.mjs <dir>      # into an empty or new folder
//
// In the release:  node server.js  |  node dist/workers.mjs [queues…]  |  node dist/db-migrate.mjs
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const RELEASE_FILES = [
  // server.js and the compiled app. Its traced node_modules is left out: `npm ci --omit=dev`
  // installs the same packages at the lockfile's versions, for the workers too.
  { from: ".next/standalone", to: ".", skip: ["node_modules"] },
  // Next's standalone server serves these only when they sit beside it.
  { from: ".next/static", to: ".next/static" },
  { from: "public", to: "public", optional: true },
  // The workers and commands, bundled by scripts/bundle.mjs.
  { from: "dist", to: "dist" },
  // Read at run time by dist/db-migrate.mjs.
  { from: "prisma/migrations", to: "prisma/migrations" },
  { from: "package-lock.json", to: "package-lock.json" },
  // The postinstall hook; without the Prisma CLI (a dev dependency) it does nothing, so an install
  // that runs scripts still succeeds. The generated client travels inside the bundles.
  { from: "scripts/db-generate.mjs", to: "scripts/db-generate.mjs" },
];

function assembleRelease(target) {
  for (const entry of RELEASE_FILES) {
    const from = path.join(root, entry.from);
    if (!existsSync(from)) {
      if (entry.optional) continue;
      throw new Error(`${entry.from} is missing: run \`npm run build\` first`);
    }
    const skipped = new Set((entry.skip ?? []).map((name) => path.join(from, name)));
    cpSync(from, path.join(target, entry.to), {
      recursive: true,
      // .next/node_modules holds relative links into node_modules (Turbopack's external packages).
      verbatimSymlinks: true,
      filter: (source) => !skipped.has(source),
    });
  }
}

/**
 * The release's package.json: ours, with the scripts that make sense inside the release (no tsx, no
 * TypeScript there), so `npm start` in it starts the app as in a checkout.
 */
function writeReleasePackageJson(target) {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  manifest.scripts = {
    start: "node server.js",
    workers: "node dist/workers.mjs",
    "db:migrate": "node dist/db-migrate.mjs",
    "db:seed": "node dist/db-seed.mjs",
    "admin:create": "node dist/admin-create.mjs",
    "wallet:check": "node dist/wallet-check.mjs",
    postinstall: manifest.scripts.postinstall,
  };
  writeFileSync(path.join(target, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Next's standalone server serves the static files only when they sit beside it. Copied there as
 * well, `.next/standalone/server.js` runs the build in place: what `npm start` does in a checkout
 * (its node_modules are the ones Next traced, so it needs no install).
 */
function makeStandaloneServable() {
  const standalone = path.join(root, ".next/standalone");
  cpSync(path.join(root, ".next/static"), path.join(standalone, ".next/static"), { recursive: true });
  if (existsSync(path.join(root, "public"))) {
    cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });
  }
}

function prepareTarget(argument) {
  if (!argument) {
    const target = path.join(root, "release");
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    return target;
  }
  const target = path.resolve(argument);
  // Never delete a folder we were pointed at: it may be anything.
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} is not empty`);
  }
  mkdirSync(target, { recursive: true });
  return target;
}

const target = prepareTarget(process.argv[2]);
assembleRelease(target);
writeReleasePackageJson(target);
makeStandaloneServable();
console.info(`[release] assembled in ${path.relative(process.cwd(), target) || "."}`);
