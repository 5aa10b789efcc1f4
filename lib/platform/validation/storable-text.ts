// Text PostgreSQL can store. Its `text` and `jsonb` types refuse the NUL character (U+0000), which
// is valid in JSON ("\u0000"); a NUL that reaches a query fails the whole statement. Inputs are
// checked for it where they enter (the route boundary, the notification intake).

/** Deeper than any of our payloads needs; bounds the work of walking a hostile one. */
export const MAX_NESTING = 32;

export type UnstorableReason = "NUL" | "TOO_DEEP";

/**
 * The first place in `value` that cannot be stored — a string or key with a NUL, or nesting deeper
 * than MAX_NESTING — or undefined when everything can. Iterative, so depth cannot blow the stack.
 */
export function findUnstorable(
  value: unknown,
  root = "$",
): { path: string; reason: UnstorableReason } | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop() as (typeof pending)[number];
    if (typeof item.value === "string") {
      if (item.value.includes("\u0000")) return { path: item.path, reason: "NUL" };
      continue;
    }
    if (typeof item.value !== "object" || item.value === null) continue;
    if (item.depth >= MAX_NESTING) return { path: item.path, reason: "TOO_DEEP" };
    for (const [key, child] of Object.entries(item.value)) {
      if (key.includes("\u0000")) return { path: item.path, reason: "NUL" };
      pending.push({ value: child, path: `${item.path}.${key}`, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/** Raw text kept for the record (e.g. a notification body): NUL characters written as `\u0000`. */
export function storableText(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "\\u0000") : text;
}
