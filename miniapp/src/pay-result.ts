// What my.tradePay answered for an order, kept for the order page for a minute: it says what the
// wallet told us, while the order's status comes from the backend only (which the wallet's
// notification or reconciliation settles).
import { visit } from "./storage";

const PREFIX = "pay-result:";
const SHOWN_FOR_MS = 60_000;

export function rememberPayResult(orderId: string, resultCode: string): void {
  visit.set(PREFIX + orderId, JSON.stringify({ resultCode, at: Date.now() }));
}

/** The recent answer, if any. */
export function recentPayResult(orderId: string): string | undefined {
  const stored = JSON.parse(visit.get(PREFIX + orderId) ?? "null") as {
    resultCode: string;
    at: number;
  } | null;
  return stored && Date.now() - stored.at < SHOWN_FOR_MS ? stored.resultCode : undefined;
}

/** After these the wallet may have taken the money: the page checks rather than offer to pay again. */
export function mayHavePaid(resultCode: string | undefined): boolean {
  return resultCode === "9000" || resultCode === "8000" || resultCode === "6004" || resultCode === "6002";
}
