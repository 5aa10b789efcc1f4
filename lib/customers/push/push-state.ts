// The status machine of a push message, and the one place that writes its status (row lock, guard
// and the customer's timeline event in one transaction):
//
//   CREATED | UNKNOWN ─→ SENT | FAILED | UNKNOWN
//   SENT and FAILED are final: a re-send after an unknown outcome never overwrites them.

import { customerRecordMover } from "@/lib/customers/customer-record-mover";
import type { Prisma, PushStatus } from "@/lib/platform/db";
import { sourcesOf, type TransitionTable } from "@/lib/platform/state/transitions";

const PUSH_TRANSITIONS: TransitionTable<PushStatus> = {
  CREATED: ["SENT", "FAILED", "UNKNOWN"],
  UNKNOWN: ["SENT", "FAILED", "UNKNOWN"],
  SENT: [],
  FAILED: [],
};

/** Pushes whose outcome the wallet has not told us: re-sent with their requestId. */
export const PUSH_UNSETTLED_STATUSES: readonly PushStatus[] = sourcesOf(PUSH_TRANSITIONS, "SENT");

export const movePushMessage = customerRecordMover<
  PushStatus,
  Omit<Prisma.PushMessageUncheckedUpdateInput, "status">
>({
  table: "push_messages",
  subjectType: "PUSH_MESSAGE",
  prefix: "PUSH",
  transitions: PUSH_TRANSITIONS,
  update: (tx, id, data) => tx.pushMessage.update({ where: { id }, data }),
});
