// A price as an operator in Iraq types it, to integer fils. Everyday IQD prices are whole dinars:
// there are no fils on a menu or a price tag, and people group thousands with a comma, a dot, the
// Arabic thousands sign "٬" or a space — "1.250", "1,250", "١٬٢٥٠" and "1 250" all mean one thousand
// two hundred and fifty. So a dot or comma followed by exactly three digits groups thousands; any
// other fraction ("1.25", "1,5", "1٫250" with the Arabic decimal sign) is refused, never read as
// fils: a price a thousand times too low, live to customers at once, is the mistake this prevents.
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";

const FILS_PER_DINAR = 1_000n;

/** The currency written after a price, in English or Arabic. */
const CURRENCY = /\s*(iqd|د\.?\s?ع\.?|دينار|dinars?)\s*$/i;

/** Digits grouped by threes with one separator throughout: "1,250", "1.250.000", "1 250". */
const GROUPED = /^\d{1,3}(?:([.,٬ ])\d{3})(?:\1\d{3})*$/;

export type ParsedPrice =
  | { kind: "price"; fils: bigint }
  /** A decimal fraction of a dinar ("1.25", "0.5", "1٫250"): prices are whole dinars. */
  | { kind: "fraction" }
  /** Not a number at all, zero, or too large. */
  | { kind: "invalid" };

export function parsePrice(text: string): ParsedPrice {
  const plain = toLatinDigits(text.trim()).replace(CURRENCY, "").trim().replace(/\s+/g, " ");
  let digits: string | undefined;
  if (/^\d+$/.test(plain)) digits = plain;
  else if (GROUPED.test(plain)) digits = plain.replace(/[.,٬ ]/g, "");
  else {
    // A whole number written with a decimal part: "1250.000" and "12,000.00" are whole dinars.
    const decimal = /^(\d+|\d{1,3}(?:[,٬ ]\d{3})+)[.,٫](\d+)$/.exec(plain);
    if (decimal && /^0+$/.test(decimal[2] as string)) digits = (decimal[1] as string).replace(/[,٬ ]/g, "");
    else if (decimal) return { kind: "fraction" };
  }
  if (digits === undefined || digits.length > 13) return { kind: "invalid" };
  const dinars = BigInt(digits);
  return dinars > 0n ? { kind: "price", fils: dinars * FILS_PER_DINAR } : { kind: "invalid" };
}
