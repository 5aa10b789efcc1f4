// IQD amounts as people read them: "12,000 IQD", and "12,000.250 IQD" only when there are fils.
// Amounts travel as integer fils (1 IQD = 1,000 fils); prices are nearly always whole dinars, so
// printing ".000" every time is noise, and printing raw fils ("12000000") reads as a price a
// thousand times too high. Pure, so pages outside the app (the sandbox's) may use it too.

const FILS_PER_DINAR = 1_000n;

export function formatIqd(fils: bigint): string {
  if (fils < 0n) throw new RangeError(`an IQD amount cannot be negative (got ${fils} fils)`);
  const dinars = groupThousands(fils / FILS_PER_DINAR);
  const rest = fils % FILS_PER_DINAR;
  return rest === 0n ? `${dinars} IQD` : `${dinars}.${rest.toString().padStart(3, "0")} IQD`;
}

function groupThousands(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
