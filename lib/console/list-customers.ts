// The customers page: who authorized the mini program, the scopes they granted, whether the wallet
// still accepts their authorization and when their access token expires, and (with the permission
// to see personal data) their name and masked phone. Never a token's value.
import type { z } from "zod";
import { personOf } from "@/lib/customers/person";
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import { isRowId } from "@/lib/platform/ids/request-ids";
import { customersMatching, type SearchScope } from "./orders/order-search";
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

/**
 * The search box: an id (ours or the wallet's), else — for an operator who may see personal data —
 * a phone number or part of a name. For anyone else a name or phone finds no one, whoever it names.
 */
async function searchWhere(
  prisma: PrismaClient,
  q: string | undefined,
  scope: SearchScope,
): Promise<Prisma.CustomerWhereInput> {
  if (!q) return {};
  const byId: Prisma.CustomerWhereInput[] = [
    { walletCustomerId: q },
    ...(isRowId(q) ? [{ id: q.toLowerCase() }] : []),
  ];
  if ((await prisma.customer.count({ where: { OR: byId } })) > 0) return { OR: byId };
  const people = await customersMatching(prisma, q, scope);
  return { id: { in: people?.customerIds ?? [] } };
}

/** A page of customers; `withPeople`: each with their name and masked phone (personal data). */
export async function listCustomers(
  prisma: PrismaClient,
  query: z.output<typeof customerListQuery>,
  options: { withPeople?: boolean } = {},
) {
  const rows = await prisma.customer.findMany({
    where: {
      AND: [
        await searchWhere(prisma, query.q?.trim(), { people: options.withPeople ?? false }),
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
      profile: options.withPeople ?? false,
    },
  });
  const { rows: page, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  const customers = page.map(({ profile, ...customer }) => ({
    ...customer,
    ...(options.withPeople ? { person: personOf(profile) } : {}),
  }));
  return { customers, nextCursor };
}
