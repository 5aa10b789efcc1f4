// The bearer token that guards the metrics (METRICS_TOKEN), checked the same way by the app's route
// and a worker's metrics port.
import { createHash, timingSafeEqual } from "node:crypto";

/** Whether an Authorization header carries `Bearer <token>`; constant time, length included. */
export function bearerMatches(authorization: string | null | undefined, token: string): boolean {
  const offered = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!offered) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(offered), digest(token));
}
