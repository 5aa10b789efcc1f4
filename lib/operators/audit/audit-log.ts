// The audit log page (ADMIN): every operator action, newest first, by operator, action or record.
import type { z } from "zod";
import type { auditListQuery } from "@/lib/operators/operator-inputs";
import type { PrismaClient } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";

export async function listAuditEntries(prisma: PrismaClient, query: z.output<typeof auditListQuery>) {
  const rows = await prisma.auditEntry.findMany({
    where: {
      AND: [
        query.operatorId ? { operatorId: query.operatorId } : {},
        query.action ? { action: query.action } : {},
        query.subjectId ? { subjectId: query.subjectId } : {},
        afterCursor("createdAt", query.after),
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const { rows: entries, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  return { entries, nextCursor };
}

/** The names of the API keys the entries came through, by id (the audit page shows the key's name). */
export async function apiKeyNamesOf(prisma: PrismaClient, entries: { apiKeyId: string | null }[]) {
  const ids = [...new Set(entries.flatMap((entry) => (entry.apiKeyId ? [entry.apiKeyId] : [])))];
  if (ids.length === 0) return new Map<string, string>();
  const keys = await prisma.apiKey.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(keys.map((key) => [key.id, key.name]));
}
