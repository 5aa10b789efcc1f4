// Revoking API keys, by hand (one key, on the API keys page) or with their maker's troubles (all of
// an operator's keys): a password change, a second-factor reset, sessions ended by an admin, the
// operator disabled. A key belongs to the person who made it: whatever says "their account may be
// in other hands" ends their keys as it ends their sessions, or the key would outlive the fix (a
// thief's key made in a stolen session kept reading orders after the password changed). What the
// keys set up goes quiet with them (lib/events/turn-off-what-keys-made.ts). Everything is audited,
// in the caller's transaction.
import { turnOffWhatKeysMade } from "@/lib/events/turn-off-what-keys-made";
import type { Prisma } from "@/lib/platform/db";
import { type AuditInput, recordAudit } from "../audit/record-audit";
import type { ApiKeyRevokeReason } from "./api-key-state";
import { MAKER_OF_KEY, publicApiKey } from "./public-api-key";

type Actor = AuditInput["operator"];

/**
 * Revokes the keys `which` names that still stand, with `reason`, and turns off the endpoints and
 * rules they made. Answers the keys revoked now (a key revoked before keeps its first time and reason).
 */
export async function revokeApiKeys(
  tx: Prisma.TransactionClient,
  actor: Actor,
  which: { id: string } | { operatorId: string },
  reason: ApiKeyRevokeReason,
  now: Date,
) {
  const standing = await tx.apiKey.findMany({ where: { ...which, revokedAt: null }, include: MAKER_OF_KEY });
  if (standing.length === 0) return [];
  const ids = standing.map((key) => key.id);
  await tx.apiKey.updateMany({
    where: { id: { in: ids }, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason },
  });
  const off = await turnOffWhatKeysMade(tx, ids);
  const revoked = standing.map((key) => publicApiKey({ ...key, revokedAt: now, revokedReason: reason }, now));
  for (const [index, key] of revoked.entries()) {
    await recordAudit(tx, {
      operator: actor,
      action: "api-key.revoke",
      subjectType: "API_KEY",
      subjectId: key.id,
      before: publicApiKey(standing[index] as (typeof standing)[number], now),
      after: key,
    });
  }
  await auditTurnedOff(tx, actor, off);
  return revoked;
}

async function auditTurnedOff(
  tx: Prisma.TransactionClient,
  actor: Actor,
  off: Awaited<ReturnType<typeof turnOffWhatKeysMade>>,
) {
  const change = { before: { enabled: true }, after: { enabled: false, disabledReason: "API_KEY_REVOKED" } };
  for (const id of off.webhookEndpointIds) {
    await recordAudit(tx, {
      operator: actor,
      action: "webhook.update",
      subjectType: "WEBHOOK_ENDPOINT",
      subjectId: id,
      ...change,
    });
  }
  for (const id of off.alertRuleIds) {
    await recordAudit(tx, {
      operator: actor,
      action: "alert-rule.update",
      subjectType: "ALERT_RULE",
      subjectId: id,
      ...change,
    });
  }
}
