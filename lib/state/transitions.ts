// A status machine as data: for each status, the statuses it may move to. The state modules
// (lib/orders/order-state, lib/refunds/refund-state, lib/escrow/escrow-operation-state,
// lib/agreements/agreement-state, lib/push/push-state) each list theirs once, and every status write
// is guarded by it in the database: `UPDATE … WHERE status IN (<statuses that may move to the new
// one>)`, so a concurrent writer that got there first is never overwritten.

export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export function canMove<S extends string>(table: TransitionTable<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}

/** The statuses from which `to` may be reached: the guard of the guarded write. */
export function sourcesOf<S extends string>(table: TransitionTable<S>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

export function isFinal<S extends string>(table: TransitionTable<S>, status: S): boolean {
  return table[status].length === 0;
}
