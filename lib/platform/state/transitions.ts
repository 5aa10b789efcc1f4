// A status machine as data: for each status, the statuses it may move to. The state modules of
// refunds, escrow operations, agreements and push messages list theirs here; every status write of
// theirs reads the row FOR UPDATE and checks the table before writing (move-status.ts), so a
// concurrent writer that got there first is never overwritten. Orders have an event table of their
// own (lib/payments/orders/order-state.ts), written under an optimistic version check (transition-order.ts).
// The sets other modules need (statuses still in flight, say) are derived from these tables.

export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export function canMove<S extends string>(table: TransitionTable<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}

/** The statuses from which `to` may be reached: the guard of the guarded write. */
export function sourcesOf<S extends string>(table: TransitionTable<S>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}
