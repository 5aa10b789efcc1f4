// The operator's actions on an order — merchantAccept, cancel, void (full or partial), refund, and
// "check with the wallet now" (reconcile) — through the same services the rest of the app uses, each
// under an Idempotency-Key and with its audit entry written in the transaction that stores the
// operation or refund. The answer says what the wallet said, including "unknown — being resolved".
import type { OperatorIdentity } from "@/lib/auth/operator-session";
import type { EscrowOperation, EscrowOperationType, Order, Refund } from "@/lib/db";
import { NotFoundError, WalletRejectedError } from "@/lib/errors/domain-errors";
import { IN_FLIGHT_STATUSES } from "@/lib/escrow/escrow-operation-state";
import { requestEscrowOperation } from "@/lib/escrow/escrow-operations";
import { DEFAULT_JOB_SETTINGS } from "@/lib/queue/settings";
import { reconcileEscrowOperation } from "@/lib/reconcile/reconcile-escrow-operation";
import { reconcileOrder } from "@/lib/reconcile/reconcile-order";
import { reconcileRefund } from "@/lib/reconcile/reconcile-refund";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/refunds/refund-state";
import { requestRefund } from "@/lib/refunds/request-refund";
import type { ServiceContext } from "@/lib/services/context";
import { type AuditInput, recordAudit, recordWalletResult } from "../audit";
import { type ActionAnswer, type ReplayableAnswer, runIdempotent } from "../idempotent-action";
import type { OrderActionInput, OrderActionKey } from "../request-schemas";

/** What the wallet made of it, in words an operator acts on. */
export type WalletOutcomeName = "SUCCESS" | "PROCESSING" | "UNKNOWN" | "RETRYING" | "FAIL";

const OUTCOME_OF_OPERATION: Record<EscrowOperation["status"], WalletOutcomeName> = {
  CREATED: "UNKNOWN",
  UNKNOWN: "UNKNOWN",
  RETRY: "RETRYING",
  SUCCESS: "SUCCESS",
  FAIL: "FAIL",
};
const OUTCOME_OF_REFUND: Record<Refund["status"], WalletOutcomeName> = {
  CREATED: "UNKNOWN",
  UNKNOWN: "UNKNOWN",
  PROCESSING: "PROCESSING",
  SUCCESS: "SUCCESS",
  FAIL: "FAIL",
};
const OUTCOME_MESSAGES: Record<WalletOutcomeName, string> = {
  SUCCESS: "Done: the wallet confirmed it.",
  PROCESSING: "The wallet is processing it; it is checked every few seconds until it finishes.",
  UNKNOWN:
    "Unknown — being resolved: the wallet's answer was lost or unclear; it is checked until it is settled.",
  RETRYING: "The wallet is busy with another operation on this payment; it is sent again shortly.",
  FAIL: "The wallet refused it.",
};

function walletOutcome(outcome: WalletOutcomeName, resultCode: string | null) {
  return { outcome, resultCode, message: OUTCOME_MESSAGES[outcome] };
}

function orderSummary(order: Order) {
  const { id, status, flow, amountFils, refundedFils, voidedFils, needsAttention } = order;
  return { id, status, flow, amountFils, refundedFils, voidedFils, needsAttention };
}

type OrderSummary = ReturnType<typeof orderSummary>;
type WalletOutcome = ReturnType<typeof walletOutcome>;

const ESCROW_TYPE = {
  accept: "ACCEPT",
  cancel: "CANCEL",
  void: "VOID",
} as const satisfies Partial<Record<OrderActionKey, EscrowOperationType>>;

type EscrowActionKey = keyof typeof ESCROW_TYPE;

function isEscrowAction(action: OrderActionKey): action is EscrowActionKey {
  return Object.hasOwn(ESCROW_TYPE, action);
}

/** The answer of each action, as the API sends it (lib/api/contract/admin documents each one). */
export type OrderActionBody =
  | {
      action: EscrowActionKey;
      state: "DONE" | "IN_PROGRESS";
      wallet: WalletOutcome;
      operation: EscrowOperation;
      order: OrderSummary;
    }
  | {
      action: "refund";
      state: "DONE" | "IN_PROGRESS";
      wallet: WalletOutcome;
      refund: Refund;
      order: OrderSummary;
    }
  | {
      action: "reconcile";
      state: "DONE";
      /** True when the order's status changed. */
      settled: boolean;
      /** What reconciling found, per record: `order`, `refund:<id>`, `operation:<id>`. */
      results: Record<string, string>;
      order: OrderSummary;
    };

export interface OrderActionCall<K extends OrderActionKey> {
  operator: OperatorIdentity;
  orderId: string;
  action: K;
  input: OrderActionInput<K>;
  idempotencyKey: string;
}

export async function runOrderAction<K extends OrderActionKey>(
  ctx: ServiceContext,
  call: OrderActionCall<K>,
): Promise<ReplayableAnswer<OrderActionBody>> {
  return runIdempotent(
    ctx,
    {
      operatorId: call.operator.id,
      idempotencyKey: call.idempotencyKey,
      action: `order.${call.action}:${call.orderId}`,
      input: call.input,
    },
    () => perform(ctx, call),
  );
}

async function perform<K extends OrderActionKey>(
  ctx: ServiceContext,
  call: OrderActionCall<K>,
): Promise<ActionAnswer<OrderActionBody>> {
  const audit = (entry: Omit<AuditInput, "operator" | "requestKey" | "orderId">): AuditInput => ({
    ...entry,
    operator: call.operator,
    orderId: call.orderId,
    requestKey: call.idempotencyKey,
  });
  const requestedBy = `operator:${call.operator.id}`;
  if (isEscrowAction(call.action)) {
    const action = call.action;
    const escrowType = ESCROW_TYPE[action];
    let auditId: string | undefined;
    const amountFils = call.action === "void" ? (call.input as OrderActionInput<"void">).amount : undefined;
    try {
      const result = await requestEscrowOperation(ctx, call.orderId, {
        type: escrowType,
        amountFils,
        requestedBy,
        async onCreate(tx, operation, order) {
          const entry = await recordAudit(
            tx,
            audit({
              action: `order.${call.action}`,
              subjectType: "ESCROW_OPERATION",
              subjectId: operation.id,
              before: orderSummary(order),
              after: {
                operation: { id: operation.id, type: operation.type, amountFils: operation.amountFils },
              },
            }),
          );
          auditId = entry.id;
        },
      });
      const wallet = walletOutcome(
        OUTCOME_OF_OPERATION[result.operation.status],
        result.operation.resultCode,
      );
      if (auditId)
        await recordWalletResult(ctx.prisma, auditId, {
          status: wallet.outcome,
          resultCode: wallet.resultCode,
        });
      return {
        status: result.state === "DONE" ? 200 : 202,
        body: {
          action,
          state: result.state,
          wallet,
          operation: result.operation,
          order: orderSummary(result.order),
        },
      };
    } catch (error) {
      if (auditId && error instanceof WalletRejectedError) {
        await recordWalletResult(ctx.prisma, auditId, { status: "FAIL", resultCode: error.resultCode });
      }
      throw error;
    }
  }

  if (call.action === "refunds") {
    const input = call.input as OrderActionInput<"refunds">;
    let auditId: string | undefined;
    const refund = await requestRefund(ctx, call.orderId, {
      amountFils: input.amount,
      reason: input.reason,
      requestedBy,
      async onCreate(tx, created, order) {
        const entry = await recordAudit(
          tx,
          audit({
            action: "order.refund",
            subjectType: "REFUND",
            subjectId: created.id,
            before: orderSummary(order),
            after: { refund: { id: created.id, amountFils: created.amountFils, reason: created.reason } },
          }),
        );
        auditId = entry.id;
      },
    });
    const wallet = walletOutcome(OUTCOME_OF_REFUND[refund.status], refund.resultCode);
    if (auditId)
      await recordWalletResult(ctx.prisma, auditId, {
        status: wallet.outcome,
        resultCode: wallet.resultCode,
      });
    if (refund.status === "FAIL") {
      throw new WalletRejectedError(
        `The wallet refused the refund (${refund.resultCode ?? "no code"}).`,
        refund.resultCode ?? "FAIL",
        { refundId: refund.id, failReason: refund.failReason },
      );
    }
    const order = await ctx.prisma.order.findUniqueOrThrow({ where: { id: call.orderId } });
    return {
      status: refund.status === "SUCCESS" ? 200 : 202,
      body: {
        action: "refund",
        state: refund.status === "SUCCESS" ? "DONE" : "IN_PROGRESS",
        wallet,
        refund,
        order: orderSummary(order),
      },
    };
  }

  return reconcileNow(ctx, call.orderId, (entry) => audit(entry));
}

/** "Check with the wallet now": settle what is unsettled on the order, instead of waiting for the scan. */
async function reconcileNow(
  ctx: ServiceContext,
  orderId: string,
  audit: (entry: Omit<AuditInput, "operator" | "requestKey" | "orderId">) => AuditInput,
): Promise<ActionAnswer<OrderActionBody>> {
  const before = await ctx.prisma.order.findUnique({
    where: { id: orderId },
    include: { refunds: true, escrowOperations: true },
  });
  if (!before) throw new NotFoundError("No such order.");
  const settings = DEFAULT_JOB_SETTINGS;
  const results: Record<string, string> = {};
  results.order = await reconcileOrder(ctx, orderId, { flagAfterMs: settings.flagAfterMs });
  for (const refund of before.refunds.filter((item) => REFUND_IN_FLIGHT_STATUSES.includes(item.status))) {
    results[`refund:${refund.id}`] = await reconcileRefund(ctx, refund.id, settings);
  }
  for (const operation of before.escrowOperations.filter((item) =>
    IN_FLIGHT_STATUSES.includes(item.status),
  )) {
    results[`operation:${operation.id}`] = await reconcileEscrowOperation(ctx, operation.id, settings);
  }
  const after = await ctx.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  await ctx.prisma.$transaction((tx) =>
    recordAudit(
      tx,
      audit({
        action: "order.reconcile",
        subjectType: "ORDER",
        subjectId: orderId,
        before: orderSummary(before),
        after: { ...orderSummary(after), results },
      }),
    ),
  );
  const settled = after.status !== before.status;
  return {
    status: 200,
    body: { action: "reconcile", state: "DONE", settled, results, order: orderSummary(after) },
  };
}
