// A list of statuses as literal SQL, for `status IN (…)` in hand-written statements, built from the
// state modules' sets instead of typed again. Literal, not parameters: the statement text stays fixed
// (named prepared statements), and the planner can match a partial index's predicate against it.
import { Prisma } from "@/lib/platform/db";

export function statusListSql(statuses: readonly string[]): Prisma.Sql {
  if (statuses.length === 0) throw new Error("an empty status list matches nothing");
  for (const status of statuses) {
    // Our own enum values only: nothing that could end the literal.
    if (!/^[A-Z_]+$/.test(status)) throw new Error(`not a status: ${status}`);
  }
  return Prisma.raw(statuses.map((status) => `'${status}'`).join(", "));
}
