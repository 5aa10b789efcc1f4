// Operator roles, each including the ones below it: VIEWER reads, OPERATOR also acts on orders
// (accept, cancel, void, refund, reconcile, re-apply notifications), ADMIN also manages operators and
// the catalog.
import type { OperatorRole } from "@/lib/db";

export const ROLES: readonly OperatorRole[] = ["VIEWER", "OPERATOR", "ADMIN"];

const RANK: Record<OperatorRole, number> = { VIEWER: 0, OPERATOR: 1, ADMIN: 2 };

export function hasRole(role: OperatorRole, minimum: OperatorRole): boolean {
  return RANK[role] >= RANK[minimum];
}
