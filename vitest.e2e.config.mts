import { defineConfig } from "vitest/config";

// Browser tests: Playwright (playwright-core) driving Debian's Chromium against real servers.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    passWithNoTests: true,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    alias: { "server-only": new URL("./test/support/server-only-stub.ts", import.meta.url).pathname },
  },
});
