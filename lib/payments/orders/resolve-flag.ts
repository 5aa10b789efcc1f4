// An operator clears a flag (the order's, and its refunds'): they looked, did what was needed, and
// say so in a note. The attention list can then always be emptied by someone allowed to, and the
// timeline and the audit log keep who resolved what and why; the order's page shows the note. The
// time of the resolution is kept: a flag is raised again only by a new fact (flag-order.ts).

import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { Prisma } from "@/lib/platform/db";
import { ConflictError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import { lockOrder } from "./lock-order";

export async function resolveOrderFlag(
  ctx: Pick<ServiceContext, "prisma" | "now">,
  operator: OperatorIdentity,
  orderId: string,
  note: string,
) {
  return ctx.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("No such order.");
    const refunds = await tx.refund.findMany({
      where: { orderId, needsAttention: true },
      select: { id: true, attentionReason: true },
    });
    if (!order.needsAttention && refunds.length === 0) {
      throw new ConflictError("This order is not flagged (any more).");
    }
    const reasons = [order.attentionReason, ...refunds.map((refund) => refund.attentionReason)].filter(
      Boolean,
    );
    const resolvedAt = ctx.now();
    const after = await tx.order.update({
      where: { id: orderId },
      data: {
        needsAttention: false,
        attentionReason: null,
        attentionFlag: Prisma.DbNull,
        attentionResolvedAt: resolvedAt,
      },
    });
    await tx.refund.updateMany({
      where: { orderId, needsAttention: true },
      data: { needsAttention: false, attentionResolvedAt: resolvedAt },
    });
    const actor = `operator:${operator.id}`;
    await tx.orderEvent.create({
      data: {
        orderId,
        type: "ATTENTION_RESOLVED",
        actor,
        detail: { note, reasons, refunds: refunds.length },
      },
    });
    await recordAudit(tx, {
      operator,
      action: "order.resolve-flag",
      subjectType: "ORDER",
      subjectId: orderId,
      orderId,
      before: {
        needsAttention: order.needsAttention,
        attentionReason: order.attentionReason,
        flaggedRefunds: refunds.length,
      },
      after: { needsAttention: false, note },
    });
    return after;
  });
}
