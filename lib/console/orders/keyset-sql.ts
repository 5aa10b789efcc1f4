// The keyset condition of list-orders (newest first on (created_at, id)) in SQL: the `<=` bound
// starts the index scan at the cursor, the OR drops the rows of that millisecond already seen.
export function afterCursorSql(
  cursor: { at: Date; id: string } | undefined,
  nextPlaceholder: number,
): { condition: string; params: unknown[] } | undefined {
  if (!cursor) return undefined;
  const at = `$${nextPlaceholder}`;
  const id = `$${nextPlaceholder + 1}`;
  return {
    condition: `created_at <= ${at} AND (created_at < ${at} OR id < ${id})`,
    params: [cursor.at, cursor.id],
  };
}
