// The notifications page: every verified notification the wallet sent, with its raw body, the
// verification result and dedupe key, and what applying it did; forged attempts, which are only
// counted, by hour and source. An operator may re-apply a stored notification: applying is
// idempotent, so this only ever completes what a crash left undone or re-checks a rejected one.
import type { z } from "zod";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { reapplyNotification } from "@/lib/payments/notifications/receive-notification";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { PrismaClient } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import type { notificationListQuery } from "./request-schemas";

export async function listNotifications(prisma: PrismaClient, query: z.output<typeof notificationListQuery>) {
  const rows = await prisma.notification.findMany({
    where: {
      AND: [
        query.status ? { status: query.status } : {},
        query.kind ? { kind: query.kind } : {},
        query.orderId ? { orderId: query.orderId } : {},
        afterCursor("receivedAt", query.after),
      ],
    },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const { rows: notifications, nextCursor } = pageOf(rows, query.limit, (row) => row.receivedAt);
  const rejections = await prisma.notificationRejection.findMany({
    orderBy: { lastSeenAt: "desc" },
    take: 20,
  });
  return { notifications, nextCursor, rejections };
}

export async function reapplyStoredNotification(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  notificationId: string,
) {
  // By id alone (the console's links carry no month): one probe per month's primary key, once a click.
  const notification = await ctx.prisma.notification.findFirst({ where: { id: notificationId } });
  if (!notification) throw new NotFoundError("No such notification.");
  // A new attempt: the notification keeps what became of it when it arrived.
  const result = await reapplyNotification(ctx, notificationId, `operator:${operator.id}`);
  await ctx.prisma.$transaction((tx) =>
    recordAudit(tx, {
      operator,
      action: "notification.reapply",
      subjectType: "NOTIFICATION",
      subjectId: notificationId,
      orderId: ("orderId" in result ? result.orderId : undefined) ?? notification.orderId,
      before: { status: notification.status, error: notification.error },
      after: { result },
    }),
  );
  return { result, notification };
}
