// Every action the audit log records, by its code, for the audit page's filter and its words. A
// test checks that every code the services write is here.
export const AUDIT_ACTIONS = [
  "order.refund",
  "order.refund-request",
  "order.cancel-request",
  "order.void-request",
  "refund-request.approve",
  "refund-request.reject",
  "order.accept",
  "order.cancel",
  "order.void",
  "order.reconcile",
  "order.resolve-flag",
  "notification.reapply",
  "delivery.resend",
  "product.create",
  "product.update",
  "operator.sign-in",
  "operator.sign-in-refused",
  "operator.create",
  "operator.update",
  "operator.session-end",
  "operator.second-factor-on",
  "operator.second-factor-reset",
  "operator.passkey-add",
  "operator.passkey-remove",
  "role.create",
  "role.update",
  "role.delete",
  "role.second-factor-policy",
  "api-key.create",
  "api-key.revoke",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "alert-rule.create",
  "alert-rule.update",
  "alert-rule.delete",
] as const;

/** The amount an entry moved or asked to move, in fils, when it has one (refunds, voids). */
export function auditAmountFils(after: unknown): bigint | null {
  const record = (after ?? {}) as Record<string, { amountFils?: unknown } | undefined>;
  const value = record.refund?.amountFils ?? record.request?.amountFils ?? record.operation?.amountFils;
  return typeof value === "string" && /^\d+$/.test(value) ? BigInt(value) : null;
}
