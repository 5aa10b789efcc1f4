// Days as the shop counts them: in Baghdad, UTC+3 all year (Iraq keeps no daylight saving), so a day
// is always 24 hours from its midnight.
const OFFSET_MS = 3 * 3_600_000;

/** Midnight in Baghdad of the day `time` falls on, as an instant. */
export function baghdadMidnight(time: Date): Date {
  const shifted = new Date(time.getTime() + OFFSET_MS);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - OFFSET_MS);
}

/** The Baghdad date of `time`, as YYYY-MM-DD (what a date input writes). */
export function baghdadDate(time: Date): string {
  return new Date(time.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in Baghdad that starts a date written YYYY-MM-DD, as an instant. */
export function baghdadDayStart(date: string): Date {
  return new Date(`${date}T00:00:00.000+03:00`);
}
