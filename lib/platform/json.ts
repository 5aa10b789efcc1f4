// JSON answers of the admin API, where records carry BigInt fils: written as strings of fils (the
// wallet's own convention for amounts), dates as ISO 8601. `JsonOf` is the type of what comes out, so
// a route can check its answer against its contract with `satisfies` before sending it.

/** What JSON.stringify (with bigints as strings) makes of a value of type T. */
export type JsonOf<T> = T extends bigint | Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? JsonOf<Item>[]
      : T extends object
        ? { [Key in keyof T]: JsonOf<T[Key]> }
        : T;

export function jsonSafe<T>(value: T): JsonOf<T> {
  return JSON.parse(
    JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)),
  ) as JsonOf<T>;
}
