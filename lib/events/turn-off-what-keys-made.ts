// What an API key set up — webhook endpoints (each with its own signing secret) and alert rules —
// goes quiet when the key is revoked (lib/operators/api-keys/revoke-api-keys.ts): otherwise a leaked
// key, revoked, would go on receiving every payment event at an address its holder chose. They are
// turned off, not deleted: each says why (API_KEY_REVOKED, in the console in the operator's
// language), and an operator who wants it turns it back on. Deliveries still pending for an endpoint
// that is off give up (lib/events/run-delivery.ts); a rule that is off neither folds nor sends.
import type { Prisma } from "@/lib/platform/db";

/** The disabledReason of an endpoint or rule turned off because its key was revoked. */
export const API_KEY_REVOKED = "API_KEY_REVOKED";

export interface TurnedOff {
  webhookEndpointIds: string[];
  alertRuleIds: string[];
}

/** Turns off the enabled endpoints and rules the keys made, in the caller's transaction. */
export async function turnOffWhatKeysMade(
  tx: Prisma.TransactionClient,
  apiKeyIds: readonly string[],
): Promise<TurnedOff> {
  if (apiKeyIds.length === 0) return { webhookEndpointIds: [], alertRuleIds: [] };
  const madeBy = { createdByApiKeyId: { in: [...apiKeyIds] }, enabled: true };
  const endpoints = await tx.webhookEndpoint.findMany({ where: madeBy, select: { id: true } });
  const rules = await tx.alertRule.findMany({ where: madeBy, select: { id: true } });
  const off = { enabled: false, disabledReason: API_KEY_REVOKED };
  await tx.webhookEndpoint.updateMany({ where: { id: { in: endpoints.map((e) => e.id) } }, data: off });
  await tx.alertRule.updateMany({ where: { id: { in: rules.map((r) => r.id) } }, data: off });
  return { webhookEndpointIds: endpoints.map((e) => e.id), alertRuleIds: rules.map((r) => r.id) };
}
