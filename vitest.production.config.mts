import { defineConfig } from "vitest/config";

// The production release test: installs release/ (from `npm run build`) with `npm ci --omit=dev` in a
// temporary folder and runs its processes. Run with `npm run test:production`.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/production/**/*.test.ts"],
    // One install of release/ for every file (the slow part).
    globalSetup: ["test/production/global-setup.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    // The clean `npm ci` takes 30 s to 2 min on this machine, depending on the registry.
    hookTimeout: 300_000,
    alias: { "server-only": new URL("./test/support/server-only-stub.ts", import.meta.url).pathname },
  },
});
