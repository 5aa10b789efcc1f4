// Our row ids and the wallet request ids derived from them. Every request id the wallet sees
// (paymentRequestId, refundRequestId, voidRequestId, confirmRequestId, push requestId) is built from
// the id of the row that stores it, so a retry of the same row always sends the same id
// (docs/adr/0006-request-ids-before-the-call.md). `<prefix>_<32 hex digits>` stays within the
// wallet's 64.
import { randomFillSync } from "node:crypto";
import { validate as isUuid, v7 as uuidv7 } from "uuid";

/** Whether `value` has the shape of our row ids (a UUID, any case): worth looking up by id. */
export function isRowId(value: string): boolean {
  return isUuid(value);
}

/** A new row id: UUID v7, so ids sort by creation time (keyset pagination, newest first). */
export function newRowId(): string {
  const msecs = Date.now();
  const random = randomBytes16();
  advanceSequence(msecs, random);
  return uuidv7({ random, msecs: sequence.msecs, seq: sequence.seq });
}

// uuid's own v7 draws its 16 random bytes with crypto.getRandomValues on every call, which Next.js
// wraps on the server (to spot randomness during prerendering), and an order writes five or six rows.
// Here they are sliced from a pooled buffer filled by node:crypto, and the per-millisecond sequence
// that keeps ids from one process in creation order is kept as uuid keeps it for its default call
// (its updateV7State, which it does not export).
const POOL = Buffer.alloc(16 * 256);
let poolOffset = POOL.length;

function randomBytes16(): Uint8Array {
  if (poolOffset === POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  poolOffset += 16;
  return POOL.subarray(poolOffset - 16, poolOffset);
}

const sequence = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };

/** A new millisecond starts from random bits; within one, the counter goes up (and on overflow, the clock). */
function advanceSequence(msecs: number, random: Uint8Array): void {
  if (msecs > sequence.msecs) {
    sequence.seq =
      (((random[6] ?? 0) & 0x7f) << 24) |
      ((random[7] ?? 0) << 16) |
      ((random[8] ?? 0) << 8) |
      (random[9] ?? 0);
    sequence.msecs = msecs;
  } else {
    sequence.seq = (sequence.seq + 1) | 0;
    if (sequence.seq === 0) sequence.msecs++;
  }
}

export type RequestIdPrefix = "pay" | "refund" | "accept" | "confirm" | "cancel" | "void" | "push";

/** The wallet request id of the row `rowId`, e.g. `pay_0193…`. */
export function requestIdFor(prefix: RequestIdPrefix, rowId: string): string {
  return `${prefix}_${rowId.replaceAll("-", "")}`;
}

/**
 * The paymentRequestId of try `attempt` of period `period` of a subscription, e.g. `sub_0193…_12_1`:
 * derived, never drawn, so whoever (re)starts that try sends the same id, and the wallet charges it
 * once. A try that failed (F) is final at the wallet (spec, Errors), so the next try is a new number.
 */
export function subscriptionChargeRequestId(subscriptionId: string, period: number, attempt: number): string {
  return `sub_${subscriptionId.replaceAll("-", "")}_${period}_${attempt}`;
}
