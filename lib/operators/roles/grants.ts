// What a role grants an operator at this moment: its permissions and its refund limits, read from
// the `roles` row on every request (lib/operators/current-operator.ts) so an ADMIN's change applies at once.
import type { Role } from "@/lib/platform/db";
import { isPermission, type Permission, SIGNED_IN_ONLY } from "./permissions";

interface RefundLimits {
  /** The largest refund sent without approval, in fils; null: no limit. */
  perRefundFils: bigint | null;
  /** What one operator may refund in a Baghdad day before the next refund waits, in fils. */
  perDayFils: bigint | null;
}

export interface Grants {
  /** The role's key ("FINANCE") and its name. */
  role: string;
  roleName: string;
  permissions: readonly Permission[];
  refundLimits: RefundLimits;
}

/** A role's grants; permission names this code does not know (a newer release's) are dropped. */
export function grantsOf(role: Role): Grants {
  return {
    role: role.key,
    roleName: role.name,
    permissions: role.permissions.filter(isPermission),
    refundLimits: { perRefundFils: role.refundLimitFils, perDayFils: role.dailyRefundLimitFils },
  };
}

function lower(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

/**
 * What an API key may do: only what both its own role and its maker's current role allow, with the
 * lower of each limit, and never what is for people signed in (SIGNED_IN_ONLY). Demoting the maker
 * narrows their keys at once.
 */
export function narrowestGrants(key: Grants, maker: Grants): Grants {
  return {
    role: key.role,
    roleName: key.roleName,
    permissions: key.permissions.filter(
      (permission) => maker.permissions.includes(permission) && !SIGNED_IN_ONLY.includes(permission),
    ),
    refundLimits: {
      perRefundFils: lower(key.refundLimits.perRefundFils, maker.refundLimits.perRefundFils),
      perDayFils: lower(key.refundLimits.perDayFils, maker.refundLimits.perDayFils),
    },
  };
}
