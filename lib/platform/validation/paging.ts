// The query parameters every keyset-paged list takes (lib/platform/db/keyset.ts): lists page newest
// first from the cursor of the previous answer.
import { z } from "zod";

export const pageAfter = z
  .string()
  .max(200)
  .optional()
  .meta({ description: "nextCursor of the previous page." });
export const pageLimit = z.coerce.number().int().min(1).max(200).default(50);
