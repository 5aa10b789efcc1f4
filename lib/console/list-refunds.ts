// The refunds page: every refund, newest first, optionally by status, with its order's ids.
import type { z } from "zod";
import type { PrismaClient } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import type { refundListQuery } from "./request-schemas";

export async function listRefunds(prisma: PrismaClient, query: z.output<typeof refundListQuery>) {
  const rows = await prisma.refund.findMany({
    where: {
      AND: [
        query.status ? { status: query.status } : {},
        query.attention ? { needsAttention: true } : {},
        afterCursor("createdAt", query.after),
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: { order: { select: { id: true, paymentId: true, flow: true, customerId: true } } },
  });
  const { rows: refunds, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  return { refunds, nextCursor };
}
