// The Idempotency-Key header every creating request carries. Its own module, free of server-only
// imports, so the API contract (lib/http/contract) documents the very schema the routes enforce.
import { z } from "zod";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** 8-128 characters of a set that survives every proxy and log line unchanged. */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[\w.:-]+$/);
