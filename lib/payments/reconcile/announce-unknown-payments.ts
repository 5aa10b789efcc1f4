// `payment.unknown`: a payment whose outcome is still unknown some time after it became so (the
// reconcile scan keeps asking the wallet meanwhile; this tells a person). Once per order: the event's
// dedupe key is the order's id, and orders already announced are not looked at again.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { orderPayloadOf, writeEvent } from "@/lib/platform/outbox/write-event";

export async function announceUnknownPayments(
  ctx: ServiceContext,
  options: { afterMs: number; limit: number },
): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - options.afterMs);
  const due = await ctx.prisma.$queryRaw<{ id: string; unknownSince: Date }[]>`
    SELECT o.id, e.unknown_since AS "unknownSince"
    FROM orders o
    JOIN LATERAL (
      SELECT max(created_at) AS unknown_since FROM order_events
      WHERE order_id = o.id AND to_status = 'UNKNOWN'
    ) e ON true
    WHERE o.status = 'UNKNOWN' AND e.unknown_since < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM outbox_dedupe_keys x WHERE x.dedupe_key = 'payment.unknown:' || o.id)
    ORDER BY e.unknown_since
    LIMIT ${options.limit}::int`;
  let announced = 0;
  for (const { id, unknownSince } of due) {
    // Written with the order read again in the same transaction: if it settled meanwhile, nothing.
    const written = await ctx.prisma.$transaction(async (tx) => {
      const [order] = await tx.$queryRaw<
        { id: string }[]
      >`SELECT id FROM orders WHERE id = ${id} AND status = 'UNKNOWN' FOR UPDATE`;
      if (!order) return false;
      const current = await tx.order.findUniqueOrThrow({ where: { id } });
      return writeEvent(tx, {
        type: "payment.unknown",
        orderId: id,
        data: { ...orderPayloadOf(current, "UNKNOWN"), unknownSince: unknownSince.toISOString() },
        dedupeKey: `payment.unknown:${id}`,
      });
    });
    if (written) announced++;
  }
  return announced;
}
