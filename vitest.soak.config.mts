import { defineConfig } from "vitest/config";

// Soak runs: real time and steady load, on the real database, Redis and sandbox (a 30 s wallet outage
// under load, the spec's 5 s refund-poll cadence over its whole minute). They print what they measured
// (latencies, counts, intervals) and fail only on outcomes a slow machine cannot change: an order
// lost, a poll sooner than the spec allows. Timings are numbers to read, never assertions; `npm test`
// holds none. Run with `npm run test:soak` (CI runs it once, on Node 20).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/soak/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // One at a time: each is about load or timing, and two at once would disturb each other.
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    alias: { "server-only": new URL("./test/support/server-only-stub.ts", import.meta.url).pathname },
  },
});
