// The operator's actions on an order, by the one name each has everywhere: the table of actions
// (./order-action-table.ts), the input schemas, the answer's `action`, the console's buttons and the
// contract. Free of server imports: the console's client components read it too.

export const ORDER_ACTION_NAMES = ["accept", "cancel", "void", "refund", "reconcile"] as const;

export type OrderActionName = (typeof ORDER_ACTION_NAMES)[number];

/**
 * The last segment of each action's path, POST /api/admin/orders/{id}/<segment>. Refunds are a
 * collection the order has (POST adds one), so their segment is plural; the name stays "refund".
 */
export const ORDER_ACTION_PATH_SEGMENTS: Record<OrderActionName, string> = {
  accept: "accept",
  cancel: "cancel",
  void: "void",
  refund: "refunds",
  reconcile: "reconcile",
};

/** What the wallet made of an action, in words an operator acts on. */
export type WalletOutcomeName = "SUCCESS" | "PROCESSING" | "UNKNOWN" | "RETRYING" | "FAIL";
