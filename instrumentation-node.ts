// Validate the configuration at boot, so a missing secret stops the server with the variable's name
// instead of failing on the first request. Skipped during `next build`, which has no secrets.
import { getEnv } from "./lib/env";

if (process.env.NEXT_PHASE !== "phase-production-build") {
  try {
    getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
