// The customers page: who authorized the mini program, the scopes they granted, whether the wallet
// still accepts their authorization and when their access token expires. Never a token's value.
import type { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db";
import { isRowId } from "@/lib/ids/request-ids";
import { afterCursor, pageOf } from "./keyset";
import type { customerListQuery } from "./request-schemas";

/** What an operator sees of a customer everywhere: never their tokens. */
export const CUSTOMER_SUMMARY = {
  id: true,
  walletCustomerId: true,
  scopes: true,
  needsReauthorization: true,
  reauthorizationReason: true,
  lastSeenAt: true,
} satisfies Prisma.CustomerSelect;

export async function listCustomers(prisma: PrismaClient, query: z.output<typeof customerListQuery>) {
  const q = query.q?.trim();
  const rows = await prisma.customer.findMany({
    where: {
      AND: [
        q ? { OR: [{ walletCustomerId: q }, ...(isRowId(q) ? [{ id: q.toLowerCase() }] : [])] } : {},
        query.reauthorize ? { needsReauthorization: true } : {},
        afterCursor("createdAt", query.after),
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: {
      ...CUSTOMER_SUMMARY,
      createdAt: true,
      token: {
        select: { accessTokenExpiresAt: true, refreshTokenExpiresAt: true, refreshedAt: true, scopes: true },
      },
      _count: { select: { orders: true } },
    },
  });
  const { rows: customers, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  return { customers, nextCursor };
}
