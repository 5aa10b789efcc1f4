import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
    environment: "node",
    // Integration files each create their own database and queue prefix, so files may run in
    // parallel; two cores here, so keep the pool small.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `server-only` throws outside a React Server bundle; tests import server modules directly.
    alias: { "server-only": new URL("./test/support/server-only-stub.ts", import.meta.url).pathname },
  },
});
