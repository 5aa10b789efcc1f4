// What anyone may see of an API key (never its hash), with its state — which depends on its maker's
// second factor — and who made it. Read with MAKER_OF_KEY included.
import type { ApiKey, Operator } from "@/lib/platform/db";
import { apiKeyState, type KeyMaker, makerLacksSecondFactor } from "./api-key-state";

/** What a key's view needs of its maker, as a Prisma include. */
export const MAKER_OF_KEY = {
  operator: {
    select: {
      email: true,
      totpEnabledAt: true,
      roleDefinition: { select: { requireSecondFactor: true } },
      _count: { select: { passkeys: true } },
    },
  },
} as const;

type KeyWithMaker = ApiKey & { operator: Pick<Operator, "email"> & KeyMaker };

export function publicApiKey(key: KeyWithMaker, now: Date) {
  const { secretHash: _hidden, operator, ...visible } = key;
  return {
    ...visible,
    createdBy: operator.email,
    state: apiKeyState(key, now, makerLacksSecondFactor(operator)),
  };
}
