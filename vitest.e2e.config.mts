import { defineConfig } from "vitest/config";

// Browser end-to-end tests: Playwright (playwright-core) driving Debian's Chromium at
// /usr/bin/chromium against servers started in-process. Run with `npm run test:e2e`.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    alias: { "server-only": new URL("./test/support/server-only-stub.ts", import.meta.url).pathname },
  },
});
