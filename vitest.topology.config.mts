import { defineConfig } from "vitest/config";

// The topology test (docs/deployment.md): the production release (installed once, as
// `npm run test:production` installs it) behind HAProxy, on a Redis Cluster, through failovers. Run
// with `npm run test:topology` after `npm run build`; needs /usr/sbin/haproxy.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/topology/**/*.test.ts"],
    globalSetup: ["test/production/global-setup.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    // A few minutes of load, then up to two for the work in flight to settle.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    alias: { "server-only": new URL("./test/support/server-only-stub.ts", import.meta.url).pathname },
  },
});
