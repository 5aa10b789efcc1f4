// The status machine of a payment agreement, and the one place that writes its status (row lock,
// guard, the customer's timeline event and, on binding, `agreement.bound` in one transaction):
//
//   PREPARED ─bind→ ACTIVE ─a newer agreement is bound→ REVOKED
//   PREPARED | ACTIVE ─the wallet token behind it expired→ EXPIRED
//   REVOKED and EXPIRED are final.

import { customerRecordMover } from "@/lib/customers/customer-record-mover";
import type { AgreementStatus, Prisma } from "@/lib/platform/db";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import type { TransitionTable } from "@/lib/platform/state/transitions";

const AGREEMENT_TRANSITIONS: TransitionTable<AgreementStatus> = {
  PREPARED: ["ACTIVE", "EXPIRED"],
  ACTIVE: ["REVOKED", "EXPIRED"],
  REVOKED: [],
  EXPIRED: [],
};

export const moveAgreement = customerRecordMover<
  AgreementStatus,
  Omit<Prisma.AgreementUncheckedUpdateInput, "status">
>({
  table: "agreements",
  subjectType: "AGREEMENT",
  prefix: "AGREEMENT",
  transitions: AGREEMENT_TRANSITIONS,
  update: (tx, id, data) => tx.agreement.update({ where: { id }, data }),
  announce: async (tx, agreement, to) => {
    if (to !== "ACTIVE") return;
    await writeEvent(tx, {
      type: "agreement.bound",
      data: { agreementId: agreement.id, customerId: agreement.customerId },
    });
  },
});
