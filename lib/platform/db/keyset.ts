// Keyset pagination, newest first, on (time column, id) for the admin lists: a page is an index range
// scan from the cursor whatever its depth (no OFFSET). The cursor is opaque to clients.

export interface Cursor {
  at: Date;
  id: string;
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

function decodeCursor(value: string | undefined): Cursor | undefined {
  if (!value) return undefined;
  const [time, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const at = new Date(time ?? "");
  if (!id || Number.isNaN(at.getTime())) return undefined;
  return { at, id };
}

/**
 * Rows strictly after the cursor in (column desc, id desc) order. The plain `<=` bound is what lets
 * PostgreSQL start the index scan at the cursor; the OR only drops rows of the same millisecond.
 */
export function afterCursor<Column extends string>(column: Column, value: string | undefined) {
  const cursor = decodeCursor(value);
  if (!cursor) return {};
  return {
    [column]: { lte: cursor.at },
    OR: [{ [column]: { lt: cursor.at } }, { id: { lt: cursor.id } }],
  } as { [key in Column]: { lte: Date } } & { OR: object[] };
}

/** Takes `limit` rows of `rows` (fetched with limit + 1) and the cursor of the next page. */
export function pageOf<Row extends { id: string }>(rows: Row[], limit: number, timeOf: (row: Row) => Date) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(timeOf(last), last.id) : null };
}
