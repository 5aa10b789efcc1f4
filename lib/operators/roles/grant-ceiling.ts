// The grant ceiling: nobody hands out, through a role, an operator or an API key, a permission or a
// refund limit they do not hold themselves, and nobody changes the account of someone who holds
// more than they do. Without it `operators.manage` alone was everything: a role holding only it could
// widen itself, make an ADMIN, or set an ADMIN's password (and so also approve its own refunds
// through a second operator it made).
import { ForbiddenError } from "@/lib/platform/errors/domain-errors";
import type { Grants } from "./grants";
import type { Permission } from "./permissions";

/** What a grant is measured by: the permissions, and the refund limits that bound them. */
type Measured = Pick<Grants, "permissions" | "refundLimits">;

type LimitName = keyof Grants["refundLimits"];

/** Money moved back without anyone's approval up to the refund limits: where limits mean something. */
const BOUNDED_BY_REFUND_LIMITS: readonly Permission[] = ["orders.refund", "escrow.act"];

const LIMIT_FIELDS: Record<LimitName, string> = {
  perRefundFils: "refundLimitFils",
  perDayFils: "dailyRefundLimitFils",
};

/** null is "no limit": the loosest of all. */
function looser(a: bigint | null, b: bigint | null): boolean {
  if (a === null) return b !== null;
  return b !== null && a > b;
}

interface Excess {
  /** Permissions granted that the holder lacks. */
  permissions: Permission[];
  /** Refund limits (as the API names them) granted looser than the holder's own. */
  limits: string[];
}

/** What `granted` gives beyond what `holder` has; empty lists when it stays within. */
function grantsBeyond(holder: Measured, granted: Measured): Excess {
  const permissions = granted.permissions.filter((permission) => !holder.permissions.includes(permission));
  // A role that moves no money back is bounded by no limit, whatever its columns say.
  const bounded = granted.permissions.some((permission) => BOUNDED_BY_REFUND_LIMITS.includes(permission));
  const limits = bounded
    ? (Object.keys(LIMIT_FIELDS) as LimitName[])
        .filter((name) => looser(granted.refundLimits[name], holder.refundLimits[name]))
        .map((name) => LIMIT_FIELDS[name])
    : [];
  return { permissions, limits };
}

function describe(excess: Excess): string {
  const parts = [
    ...(excess.permissions.length > 0 ? [`the permissions ${excess.permissions.join(", ")}`] : []),
    ...(excess.limits.length > 0 ? [`a looser ${excess.limits.join(" and ")}`] : []),
  ];
  return parts.join(" and ");
}

function refuse(excess: Excess, sentence: string): void {
  if (excess.permissions.length === 0 && excess.limits.length === 0) return;
  throw new ForbiddenError(sentence.replace("{excess}", describe(excess)), {
    reason: "GRANT_EXCEEDS_OWN",
    permissions: excess.permissions,
    limits: excess.limits,
  });
}

/**
 * Refuses (403, `details.reason` GRANT_EXCEEDS_OWN) to hand out `granted` when it holds more than
 * `actor` does. `what` names it for the message: "The role Night cashier", "A key of the role Admin".
 */
export function assertWithinOwnGrants(actor: Measured, granted: Measured, what: string): void {
  refuse(
    grantsBeyond(actor, granted),
    `${what} would have {excess}, more than your own role grants you: ask someone who holds it.`,
  );
}

/**
 * Refuses (the same 403) to change what belongs to someone holding more than `actor`: their role,
 * password, second factor, sessions or keys, or a role holding more. Otherwise setting an ADMIN's
 * password would be as good as being one.
 */
export function assertNotAbove(actor: Measured, target: Measured, whose: string): void {
  refuse(
    grantsBeyond(actor, target),
    `${whose} has {excess}, more than your own role grants you: only someone who holds as much may change it.`,
  );
}
