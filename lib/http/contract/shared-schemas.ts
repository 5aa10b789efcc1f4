// Schemas more than one area of the API answers with. Money on the wire is the wallet's own shape
// (lib/wallet/fields.ts): integer minor units (fils for IQD) as a string, so JSON never rounds it.
import { z } from "zod";
import { amount, amountValue } from "@/lib/wallet/fields";

export const money = amount.meta({
  id: "Money",
  description: "An amount in minor units (fils for IQD) as a string of digits, with its currency.",
  examples: [{ currency: "IQD", value: "2500000" }],
});

export const fils = amountValue.meta({
  description: "Integer fils (1 IQD = 1000 fils) as a string of digits.",
  examples: ["2500000"],
});

/** Row ids are UUID v7: they sort by creation time. */
export const rowId = z.uuid();

export const isoTime = z.iso.datetime();

/** `ETag` and `Cache-Control` of answers that shared caches may keep (lib/http/cached-json.ts). */
export const cacheHeaders = z.object({
  "Cache-Control": z.string().meta({ examples: ["public, max-age=60"] }),
  ETag: z.string().meta({ description: "Send it back as If-None-Match to get a 304 while unchanged." }),
});

/** The request header that turns a repeat of an unchanged answer into a 304 without a body. */
export const ifNoneMatchHeader = z.object({
  "If-None-Match": z
    .string()
    .optional()
    .meta({ description: "The ETag of the copy the caller holds; answered 304 while it is current." }),
});
