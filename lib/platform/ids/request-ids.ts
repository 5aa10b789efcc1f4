// Our row ids and the wallet request ids derived from them. Every request id the wallet sees
// (paymentRequestId, refundRequestId, voidRequestId, confirmRequestId, push requestId) is built from
// the id of the row that stores it, so a retry of the same row always sends the same id
// (docs/adr/0006-request-ids-before-the-call.md). `<prefix>_<32 hex digits>` stays within the
// wallet's 64.
import { validate as isUuid, v7 as uuidv7 } from "uuid";

/** Whether `value` has the shape of our row ids (a UUID, any case): worth looking up by id. */
export function isRowId(value: string): boolean {
  return isUuid(value);
}

/** A new row id: UUID v7, so ids sort by creation time (keyset pagination, newest first). */
export function newRowId(): string {
  return uuidv7();
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
