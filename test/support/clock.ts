// Tests that add up "today" as the shop counts it (the dashboard's money of the day, the daily refund
// limit) must not run across Baghdad's midnight (21:00 UTC): what they did before it and after it
// would fall on two days, and the sums would be honestly different from what the test expects.
import { baghdadMidnight } from "@/lib/platform/time/baghdad-day";

const DAY_MS = 86_400_000;

/**
 * Returns at once unless Baghdad's next midnight is less than `marginMs` away; then waits until it
 * has passed, so the next `marginMs` of the test fall on one day. Costs a run at most `marginMs`.
 */
export async function clearOfBaghdadMidnight(marginMs: number): Promise<void> {
  const untilMidnight = baghdadMidnight(new Date()).getTime() + DAY_MS - Date.now();
  if (untilMidnight < marginMs) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
}
