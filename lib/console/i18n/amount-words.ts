// A whole number of dinars in words, in English and Arabic ("one thousand two hundred and fifty
// dinars", "ألف ومئتان وخمسون دينارًا"): said back to an operator before a price is saved, so a slip
// of a thousand (1.25 for 1,250) is heard, not only seen. Pure, for client components too.
import type { Locale } from "./translate";

const ONES = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES = ["", "thousand", "million", "billion", "trillion"];

/** 1–999 in English: "two hundred and fifty". */
function englishBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords =
    rest < 20 ? ONES[rest] : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ""}`;
  if (!hundreds) return restWords as string;
  return `${ONES[hundreds]} hundred${rest ? ` and ${restWords}` : ""}`;
}

/** Groups of three digits, least significant first. */
function groupsOf(value: bigint): number[] {
  const groups: number[] = [];
  for (let rest = value; rest > 0n; rest /= 1000n) groups.push(Number(rest % 1000n));
  return groups;
}

function englishNumber(value: bigint): string {
  if (value === 0n) return "zero";
  const groups = groupsOf(value);
  const parts = groups
    .map((group, scale) => (group ? `${englishBelowThousand(group)}${scale ? ` ${SCALES[scale]}` : ""}` : ""))
    .filter(Boolean)
    .reverse();
  // "one thousand and fifty": the last group takes "and" when it is below a hundred.
  const last = groups[0] ?? 0;
  if (parts.length > 1 && last > 0 && last < 100) {
    return `${parts.slice(0, -1).join(" ")} and ${parts.at(-1)}`;
  }
  return parts.join(" ");
}

// Arabic: the counted noun (دينار) is masculine, so 3–10 take the feminine form of the number.
const AR_ONES = ["", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة", "عشرة"];
const AR_TEENS_UNITS = ["", "أحد", "اثنا", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة"];
const AR_TENS = ["", "عشرة", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون"];
const AR_HUNDREDS = [
  "",
  "مئة",
  "مئتان",
  "ثلاثمئة",
  "أربعمئة",
  "خمسمئة",
  "ستمئة",
  "سبعمئة",
  "ثمانمئة",
  "تسعمئة",
];

function arabicBelowHundred(n: number): string {
  if (n <= 10) return AR_ONES[n] as string;
  if (n < 20) return `${AR_TEENS_UNITS[n - 10]} عشر`;
  const unit = n % 10;
  const tens = AR_TENS[Math.floor(n / 10)] as string;
  return unit ? `${AR_ONES[unit]} و${tens}` : tens;
}

function arabicBelowThousand(n: number): string {
  const hundreds = AR_HUNDREDS[Math.floor(n / 100)] as string;
  const rest = n % 100;
  if (!hundreds) return arabicBelowHundred(rest);
  return rest ? `${hundreds} و${arabicBelowHundred(rest)}` : hundreds;
}

/** [one, two, two before a noun, three to ten, eleven and up] of each scale word. */
const AR_SCALES: [string, string, string, string, string][] = [
  ["", "", "", "", ""],
  ["ألف", "ألفان", "ألفا", "آلاف", "ألفًا"],
  ["مليون", "مليونان", "مليونا", "ملايين", "مليونًا"],
  ["مليار", "ملياران", "مليارا", "مليارات", "مليارًا"],
  ["تريليون", "تريليونان", "تريليونا", "تريليونات", "تريليونًا"],
];

/**
 * One group of three digits with its scale word. `last`: nothing follows it but the noun, which
 * puts it in construct ("ألفا دينار", "أحد عشر ألف دينار", "مئتا دينار").
 */
function arabicGroup(group: number, scale: number, last: boolean): string {
  const construct = (words: string) => (last ? words.replace(/مئتان$/, "مئتا") : words);
  if (scale === 0) return construct(arabicBelowThousand(group));
  const [one, two, twoBeforeNoun, few, many] = AR_SCALES[scale] as [string, string, string, string, string];
  if (group === 1) return one;
  if (group === 2) return last ? twoBeforeNoun : two;
  if (group <= 10) return `${arabicBelowThousand(group)} ${few}`;
  const rest = group % 100;
  // "مئتا ألف": two hundred in construct before the scale word.
  const words = arabicBelowThousand(group).replace(/مئتان$/, "مئتا");
  return `${words} ${rest >= 11 && !last ? many : one}`;
}

/** The noun after a number: ديناران, 3–10 دنانير, 11–99 دينارًا, otherwise دينار. */
function arabicDinars(value: bigint): string {
  if (value === 1n) return "دينار واحد";
  if (value === 2n) return "ديناران";
  const lastTwo = Number(value % 100n);
  const groups = groupsOf(value);
  const lowest = groups.findIndex((group) => group > 0);
  const number = groups
    .map((group, scale) => (group ? arabicGroup(group, scale, scale === lowest) : ""))
    .filter(Boolean)
    .reverse()
    .join(" و");
  const noun = lastTwo >= 3 && lastTwo <= 10 ? "دنانير" : lastTwo >= 11 ? "دينارًا" : "دينار";
  return `${number} ${noun}`;
}

/** Whole dinars in words, with the currency: "one thousand two hundred and fifty dinars". */
export function dinarsInWords(dinars: bigint, locale: Locale): string {
  if (dinars < 0n) throw new RangeError("a price cannot be negative");
  if (locale === "ar") return dinars === 0n ? "صفر دينار" : arabicDinars(dinars);
  return `${englishNumber(dinars)} ${dinars === 1n ? "dinar" : "dinars"}`;
}
