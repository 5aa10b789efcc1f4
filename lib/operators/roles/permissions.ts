// What an operator may do, by task. A role (lib/operators/roles/built-in-roles.ts) is a named set of these; every console
// route and page names the one it needs (lib/http/route.ts, app/admin/_ui/console-page.ts), and the
// console shows only what the operator's set allows.
export const PERMISSIONS = [
  /** Orders, refunds, notifications, customers (without personal data), events, the dashboard. */
  "orders.read",
  /** Customers' names, phone numbers and other profile fields from the wallet. */
  "customers.personal-data",
  /** Refund a paid order: directly up to the role's limits, above them as a request for approval. */
  "orders.refund",
  /** Approve or reject another operator's refund request. */
  "refunds.approve",
  /** Accept, cancel or void escrow payments. */
  "escrow.act",
  /** Ask the wallet for an order's real state and settle unknown results. */
  "orders.reconcile",
  /** Apply a stored wallet notification again. */
  "notifications.reapply",
  /** Send a webhook delivery again. */
  "deliveries.resend",
  /** Download orders and subscriptions as CSV. */
  "orders.export",
  /** Pause, resume and cancel customers' subscriptions (now, or at the end of the period paid for). */
  "subscriptions.manage",
  /** Charge a subscription's failing period now instead of at its next scheduled try. */
  "subscriptions.retry",
  /** Add and edit the catalog. */
  "catalog.edit",
  /** Add operators, change their roles, passwords and second factors, end their sessions; edit roles. */
  "operators.manage",
  /** Read the audit log. */
  "audit.read",
  /** Webhook endpoints, alert rules and API keys. */
  "integrations.manage",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * What only a person signed in to the console does, never a script with an API key, whatever the
 * key's role: who may sign in and with what rights. A key that could make an operator (or set their
 * password) would open a console session of its own choosing, outliving the key's revocation.
 */
export const SIGNED_IN_ONLY: readonly Permission[] = ["operators.manage"];

/** What a console route or page needs: a permission, or "own-account" for what any operator does about themselves. */
export type OperatorAccess = Permission | "own-account";

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Holds the permission? `permissions` is a role's list as stored (unknown names are ignored). */
export function can(holder: { permissions: readonly string[] }, permission: Permission): boolean {
  return holder.permissions.includes(permission);
}
