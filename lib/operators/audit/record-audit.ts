// The audit trail of operator actions: who, what, which record, the record before and after, and the
// wallet's answer. Written with the change, in its transaction, so there is never a change without
// its entry (or an entry for a change that was rolled back).

import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { Prisma } from "@/lib/platform/db";

export interface AuditInput {
  /** Who acted; `apiKeyId` when through one of their API keys rather than a signed-in session. */
  operator: Pick<OperatorIdentity, "id" | "email" | "apiKeyId">;
  action: string;
  subjectType:
    | "ORDER"
    | "REFUND"
    | "ESCROW_OPERATION"
    | "OPERATOR"
    | "PRODUCT"
    | "NOTIFICATION"
    | "API_KEY"
    | "WEBHOOK_ENDPOINT"
    | "ROLE"
    | "REFUND_REQUEST"
    | "EVENT_DELIVERY"
    | "ALERT_RULE"
    | "SUBSCRIPTION";
  subjectId: string;
  orderId?: string | null;
  before?: unknown;
  after?: unknown;
  requestKey?: string | null;
}

/** JSON for a jsonb column: bigints as strings, dates as ISO text, undefined left out. */
export function auditJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined) return undefined;
  return JSON.parse(
    JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)),
  ) as Prisma.InputJsonValue;
}

export function recordAudit(tx: Prisma.TransactionClient, entry: AuditInput) {
  return tx.auditEntry.create({
    data: {
      operatorId: entry.operator.id,
      operatorEmail: entry.operator.email,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      orderId: entry.orderId ?? null,
      before: auditJson(entry.before),
      after: auditJson(entry.after),
      requestKey: entry.requestKey ?? null,
      apiKeyId: entry.operator.apiKeyId ?? null,
    },
  });
}

/** Adds the wallet's answer to an entry once it is known (the call happens after the commit). */
export function recordWalletResult(
  db: Prisma.TransactionClient,
  auditEntryId: string,
  walletResult: { status: string; resultCode?: string | null; resultMessage?: string | null },
) {
  return db.auditEntry.update({
    where: { id: auditEntryId },
    data: { walletResult: auditJson(walletResult) },
  });
}
