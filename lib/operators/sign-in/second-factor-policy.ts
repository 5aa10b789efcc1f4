// Whether an operator's role requires a second factor they have none of: such an operator may only
// enrol (lib/operators/current-operator.ts), and their API keys are suspended until they do
// (lib/operators/api-keys/authenticate-api-key.ts) — a key must not be the way round the policy.
import type { PrismaClient } from "@/lib/platform/db";

interface PolicyHolder {
  id: string;
  totpEnabledAt: Date | null;
  roleDefinition: { requireSecondFactor: boolean };
}

/** Their passkeys are counted only when it matters: every other request pays for no further read. */
export async function lacksRequiredSecondFactor(
  prisma: PrismaClient,
  operator: PolicyHolder,
): Promise<boolean> {
  if (!operator.roleDefinition.requireSecondFactor || operator.totpEnabledAt) return false;
  return (await prisma.passkey.count({ where: { operatorId: operator.id } })) === 0;
}
