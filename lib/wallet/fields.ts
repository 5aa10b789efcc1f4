// Field rules of the wallet interface, as zod schemas shared by the client and the sandbox.
//
// Every rule from the spec's "Limits" section is expressed here once, with messages that name the
// rule so a failed validation reads like the spec ("at most 64 characters", "must not contain @").
import { z } from "zod";

/** Spec, "Limits": `@`, `#` and `?` are disallowed in tokens, codes, customer ids and some extendInfo. */
const FORBIDDEN_CHARACTERS = /[@#?]/;

export interface TextRule {
  max: number;
  /** Apply the `@ # ?` rule. */
  plain?: boolean;
}

/** A required, non-empty string bounded by the spec's maximum length. */
export function text(rule: TextRule) {
  let schema = z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .min(1, { error: "must not be empty" })
    .max(rule.max, { error: `must be at most ${rule.max} characters` });
  if (rule.plain) {
    schema = schema.refine((value) => !FORBIDDEN_CHARACTERS.test(value), {
      error: "must not contain @, # or ?",
    });
  }
  return schema;
}

/** `extendInfo` travels as a JSON document inside a string. */
export function extendInfo(rule: TextRule) {
  return text(rule).refine(isJsonText, { error: "must be a JSON string" });
}

function isJsonText(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Amounts are strings holding a non-negative integer in the smallest unit (fils for IQD). No sign,
 * no decimals, no exponent, no leading zeros: "100000" is 100 IQD.
 */
export const amountValue = z
  .string({ error: "must be a string of digits" })
  .regex(/^(0|[1-9][0-9]*)$/, { error: "must be a non-negative integer amount in minor units" })
  .max(19, { error: "is too large" });

const currency = z
  .string({ error: "is required" })
  .regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code" });

export const amount = z.object({ currency, value: amountValue });
export type Amount = z.infer<typeof amount>;

/** ISO 8601 with `Z` or a numeric offset; milliseconds optional. */
export const isoTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/, {
    error: "must be an ISO 8601 time with a UTC offset",
  });

export const url = (max: number) =>
  text({ max }).refine((value) => URL.canParse(value), { error: "must be an absolute URL" });

const RESULT_STATUSES = ["S", "A", "U", "F"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The `result` object carried by every response. */
export const result = z.looseObject({
  resultCode: z.string().min(1),
  resultStatus: z.enum(RESULT_STATUSES),
  resultMessage: z.string().optional(),
});

export function toFils(value: string): bigint {
  return BigInt(amountValue.parse(value));
}

export function filsToString(value: bigint): string {
  if (value < 0n) throw new RangeError("amounts are never negative");
  return value.toString();
}
