// How far a new price is from the old one. A price changed to more than ten times itself, or to less
// than a tenth, is nearly always a slip (1.25 typed for 1,250, a zero too many) and is live to
// customers the moment it is saved: the console warns and the API asks for an explicit confirmation
// (`confirmLargePriceChange`) before it saves one.

/** The factor beyond which a price change must be confirmed. */
const LARGE_PRICE_FACTOR = 10n;

export type PriceChangeSize = "SAME" | "SMALL" | "LARGE_RISE" | "LARGE_DROP";

export function priceChangeSize(beforeFils: bigint, afterFils: bigint): PriceChangeSize {
  if (afterFils === beforeFils) return "SAME";
  if (beforeFils > 0n && afterFils > beforeFils * LARGE_PRICE_FACTOR) return "LARGE_RISE";
  if (afterFils * LARGE_PRICE_FACTOR < beforeFils) return "LARGE_DROP";
  return "SMALL";
}
