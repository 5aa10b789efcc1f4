// Operator actions under an Idempotency-Key (the console sends one per confirmation dialog; a script
// sends its own). The first request claims the key and runs; a repeat with the same input gets the
// stored answer instead of a second refund; the same key with other input is refused, and so is a
// repeat while the first is still running.
import { createHash } from "node:crypto";
import { auditJson } from "@/lib/operators/audit/record-audit";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { BusinessRuleError, StateInvalidError } from "@/lib/platform/errors/domain-errors";
import type { JsonOf } from "@/lib/platform/json";

export interface ActionAnswer<Body = unknown> {
  status: number;
  body: Body;
}

/** A first answer as its action made it, or a repeat's: the stored JSON of the first one. */
export type ReplayableAnswer<Body> = ActionAnswer<Body | JsonOf<Body>> & { replayed: boolean };

export interface IdempotentAction {
  operatorId: string;
  idempotencyKey: string;
  /** e.g. "order.refund:<orderId>": the key is bound to the action and its subject. */
  action: string;
  input: unknown;
}

function hashOf(action: string, input: unknown): string {
  return createHash("sha256")
    .update(action)
    .update("\u0000")
    .update(JSON.stringify(auditJson(input) ?? null))
    .digest("hex");
}

export async function runIdempotent<Body>(
  ctx: ServiceContext,
  request: IdempotentAction,
  run: () => Promise<ActionAnswer<Body>>,
): Promise<ReplayableAnswer<Body>> {
  const requestHash = hashOf(request.action, request.input);
  let claimId: string;
  try {
    const claim = await ctx.prisma.adminRequest.create({
      data: {
        operatorId: request.operatorId,
        idempotencyKey: request.idempotencyKey,
        action: request.action,
        requestHash,
      },
    });
    claimId = claim.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await ctx.prisma.adminRequest.findUniqueOrThrow({
      where: {
        operatorId_idempotencyKey: { operatorId: request.operatorId, idempotencyKey: request.idempotencyKey },
      },
    });
    if (earlier.requestHash !== requestHash) {
      throw new BusinessRuleError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used for a different request. Use a new key for a new action.",
      );
    }
    if (earlier.responseStatus === null) {
      throw new StateInvalidError(
        "The same request is still being processed; look at the order again in a moment.",
        undefined,
        "OPERATION_IN_PROGRESS",
      );
    }
    // Stored with auditJson below: the same JSON the first answer was sent as.
    return { status: earlier.responseStatus, body: earlier.responseBody as JsonOf<Body>, replayed: true };
  }
  try {
    const answer = await run();
    await ctx.prisma.adminRequest.update({
      where: { id: claimId },
      data: { responseStatus: answer.status, responseBody: auditJson(answer.body), completedAt: ctx.now() },
    });
    return { ...answer, replayed: false };
  } catch (error) {
    // Nothing was done (a refusal before or by the wallet is recorded by the service itself): the
    // key is free again, so the operator can retry after fixing the input.
    await ctx.prisma.adminRequest.delete({ where: { id: claimId } });
    throw error;
  }
}
