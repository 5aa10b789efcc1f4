// docs/wallet-interface.md, "Notifications": 8 sends in about 24 h. Each entry is the wait before
// that send, counted from the previous one (+0 s, 2 min, 10 min, 10 min, 1 h, 2 h, 6 h, 15 h).
const RETRY_INTERVALS_SECONDS = [0, 120, 600, 600, 3600, 7200, 21_600, 54_000] as const;
export const MAX_SENDS = RETRY_INTERVALS_SECONDS.length;

/** Sandbox-clock time of the next send after `sends` sends, the last of them at `lastSendAt`. */
export function nextSendAt(sends: number, lastSendAt: number): number | undefined {
  const wait = RETRY_INTERVALS_SECONDS[sends];
  return wait === undefined ? undefined : lastSendAt + wait * 1000;
}

/** The expected acknowledgement: `{"result":{"resultCode":"SUCCESS","resultStatus":"S",...}}`. */
export function isAcknowledgement(bodyText: string): boolean {
  try {
    const body = JSON.parse(bodyText) as { result?: { resultCode?: unknown; resultStatus?: unknown } };
    return body?.result?.resultCode === "SUCCESS" && body.result.resultStatus === "S";
  } catch {
    return false;
  }
}
