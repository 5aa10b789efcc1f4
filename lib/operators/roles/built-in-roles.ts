// Roles are named sets of permissions (lib/operators/roles/permissions.ts) with refund limits, kept in the
// `roles` table so an ADMIN can tune them and add others (lib/operators/roles/manage-roles.ts). Four are built in and
// created by the migration that introduced roles; this is what they hold there.
import type { Permission } from "./permissions";

export interface RoleDefinition {
  key: string;
  name: string;
  permissions: readonly Permission[];
  /** Largest refund sent without approval, in fils; null: no limit. */
  refundLimitFils: bigint | null;
  /** Refunds per operator per Baghdad day before the next one waits for approval, in fils. */
  dailyRefundLimitFils: bigint | null;
}

const READ: Permission[] = ["orders.read"];
const CARE: Permission[] = [
  ...READ,
  "customers.personal-data",
  "orders.refund",
  "orders.reconcile",
  "notifications.reapply",
  "deliveries.resend",
  "subscriptions.manage",
];

export const BUILT_IN_ROLES: readonly RoleDefinition[] = [
  // Reads and exports; acts on nothing.
  {
    key: "VIEWER",
    name: "Viewer",
    permissions: [...READ, "orders.export"],
    refundLimitFils: null,
    dailyRefundLimitFils: null,
  },
  // The counter: answers customers, pauses and cancels subscriptions, refunds small amounts (25,000 IQD each, 100,000 a day) and asks
  // for approval above that.
  {
    key: "SUPPORT",
    name: "Support",
    permissions: CARE,
    refundLimitFils: 25_000_000n,
    dailyRefundLimitFils: 100_000_000n,
  },
  // The money: any refund, approvals, escrow, exports, the audit log, and charging a failing
  // subscription period now.
  {
    key: "FINANCE",
    name: "Finance",
    permissions: [
      ...CARE,
      "refunds.approve",
      "escrow.act",
      "orders.export",
      "audit.read",
      "subscriptions.retry",
    ],
    refundLimitFils: null,
    dailyRefundLimitFils: null,
  },
  // Everything, including operators, roles, the catalog and integrations.
  {
    key: "ADMIN",
    name: "Admin",
    permissions: [
      ...CARE,
      "refunds.approve",
      "escrow.act",
      "orders.export",
      "catalog.edit",
      "operators.manage",
      "audit.read",
      "integrations.manage",
      "subscriptions.retry",
    ],
    refundLimitFils: null,
    dailyRefundLimitFils: null,
  },
];

/** The role every deployment's first operator gets (scripts/admin-create.ts), and who manages the rest. */
export const ADMIN_ROLE = "ADMIN";
