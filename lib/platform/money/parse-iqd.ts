// What an operator types as an amount ("12000", "12,000", "12000.25", "٢٤٬٠٠٠", "24,000 IQD") to
// integer fils. Never through a float: "0.1" dinars is exactly 100 fils. Arabic phone keyboards type
// Arabic-Indic digits, "٬" between thousands and "٫" as the decimal point. Null for anything that is
// not a plain positive amount.
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";

const FILS_PER_DINAR = 1_000n;

/** The currency written after an amount, in English or Arabic. */
const CURRENCY = /\s*(iqd|د\.?\s?ع\.?|دينار)\s*$/i;

export function parseIqd(text: string): bigint | null {
  const plain = toLatinDigits(text.trim())
    .replace(CURRENCY, "")
    .replace(/٫/g, ".")
    .replace(/[,\s٬]/g, "");
  const match = /^(\d{1,15})(?:\.(\d{1,3}))?$/.exec(plain);
  if (!match) return null;
  const dinars = BigInt(match[1] as string);
  const fils = BigInt((match[2] ?? "").padEnd(3, "0") || "0");
  return dinars * FILS_PER_DINAR + fils;
}

/** Fils as the plain number an input field shows: "12000", "12000.25". */
export function filsToInput(fils: bigint): string {
  const dinars = fils / FILS_PER_DINAR;
  const rest = fils % FILS_PER_DINAR;
  return rest === 0n ? dinars.toString() : `${dinars}.${rest.toString().padStart(3, "0").replace(/0+$/, "")}`;
}
