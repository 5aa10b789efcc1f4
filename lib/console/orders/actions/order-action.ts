// What every operator action on an order is made of, and the parts they share: who may do it, when
// the console offers it, what it does (under the caller's Idempotency-Key), and the answer's shape.
// Each action is one module beside this one; ./order-action-table.ts lists them.

import { type AuditInput, recordAudit, recordWalletResult } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { Permission } from "@/lib/operators/roles/permissions";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation, Order, Prisma, Refund, RefundRequest } from "@/lib/platform/db";
import type { ActionAnswer } from "../../idempotent-action";
import type { OrderActionInput } from "../../request-schemas";
import type { OrderMoney } from "../order-money";
import type { OrderActionName, WalletOutcomeName } from "./order-action-names";

export interface OrderActionCall<N extends OrderActionName = OrderActionName> {
  operator: OperatorIdentity;
  orderId: string;
  action: N;
  input: OrderActionInput<N>;
  idempotencyKey: string;
}

/** What the console needs to decide which actions fit an order now. */
export interface OrderSituation {
  order: Order;
  operations: Pick<EscrowOperation, "status">[];
  refunds: Pick<Refund, "status">[];
  money: OrderMoney;
  /**
   * An escrow operation of the order is still in flight (the wallet allows one at a time), or a
   * cancel or void of it waits for approval.
   */
  escrowBusy: boolean;
}

export interface AvailableAction {
  action: OrderActionName;
  /** For void and refund: the most that can be asked for, in fils. */
  maxFils?: bigint;
}

export interface OrderActionDefinition<N extends OrderActionName> {
  name: N;
  /** What the operator must be allowed: the route requires it and the console offers it only then. */
  permission: Permission;
  /**
   * Whether the console offers it for the order now. The services enforce the same rules (the order's
   * state machine, the refundable amount), so a stale page is refused, never obeyed.
   */
  offer(situation: OrderSituation): AvailableAction | null;
  perform(ctx: ServiceContext, call: OrderActionCall<N>): Promise<ActionAnswer<OrderActionBody>>;
}

// ---------------------------------------------------------------- the answer

const OUTCOME_MESSAGES: Record<WalletOutcomeName, string> = {
  SUCCESS: "Done: the wallet confirmed it.",
  PROCESSING: "The wallet is processing it; it is checked every few seconds until it finishes.",
  UNKNOWN:
    "Unknown — being resolved: the wallet's answer was lost or unclear; it is checked until it is settled.",
  RETRYING: "The wallet is busy with another operation on this payment; it is sent again shortly.",
  FAIL: "The wallet refused it.",
};

export function walletOutcome(outcome: WalletOutcomeName, resultCode: string | null) {
  return { outcome, resultCode, message: OUTCOME_MESSAGES[outcome] };
}

export function orderSummary(order: Order) {
  const { id, status, flow, amountFils, refundedFils, voidedFils, needsAttention } = order;
  return { id, status, flow, amountFils, refundedFils, voidedFils, needsAttention };
}

type OrderSummary = ReturnType<typeof orderSummary>;
type WalletOutcome = ReturnType<typeof walletOutcome>;
type ActionState = "DONE" | "IN_PROGRESS";

/** The answer of each action, as the API sends it (lib/http/contract/admin documents each one). */
export type OrderActionBody =
  | {
      action: "accept" | "cancel" | "void";
      state: ActionState;
      wallet: WalletOutcome;
      operation: EscrowOperation;
      order: OrderSummary;
    }
  | { action: "refund"; state: ActionState; wallet: WalletOutcome; refund: Refund; order: OrderSummary }
  | {
      action: "refund" | "cancel" | "void";
      /** Above the operator's limits: nothing was sent; another operator approves or rejects it. */
      state: "AWAITING_APPROVAL";
      request: RefundRequest;
      order: OrderSummary;
    }
  | {
      action: "reconcile";
      state: "DONE";
      /** True when the order's status changed. */
      settled: boolean;
      /** The wallet still has not settled something on the order: checks go on automatically. */
      stillUnsettled: boolean;
      /** When the next automatic check is due (ISO 8601), while something is unsettled. */
      nextCheckAt: string | null;
      /** What reconciling found, per record: `order`, `refund:<id>`, `operation:<id>`. */
      results: Record<string, string>;
      order: OrderSummary;
    };

// ---------------------------------------------------------------- the audit entry

type ActionAudit = Omit<AuditInput, "operator" | "requestKey" | "orderId">;

/** The action's audit entry, naming who asked, the order and the Idempotency-Key of the request. */
export function auditOf(call: OrderActionCall, entry: ActionAudit): AuditInput {
  return { ...entry, operator: call.operator, orderId: call.orderId, requestKey: call.idempotencyKey };
}

/**
 * The audit of an action that stores a record before calling the wallet (a refund, an escrow
 * operation): the entry is written in the transaction that stores the record, so one never exists
 * without the other, and completed with the wallet's outcome once it is known.
 */
export function auditedCreation(call: OrderActionCall) {
  let auditId: string | undefined;
  return {
    async write(tx: Prisma.TransactionClient, entry: ActionAudit): Promise<void> {
      auditId = (await recordAudit(tx, auditOf(call, entry))).id;
    },
    async complete(ctx: ServiceContext, outcome: WalletOutcomeName, resultCode: string | null) {
      if (auditId) await recordWalletResult(ctx.prisma, auditId, { status: outcome, resultCode });
    },
  };
}
