// A delivery with its attempts, its event, for tests that read what the events worker recorded. The
// outbox tables' foreign keys join each month to the same month of the next table (docs/adr/0022),
// so Prisma has no relation to include: these look each up by key and month.
import type { DeliveryAttempt, EventDelivery, OutboxEvent, PrismaClient } from "@/lib/platform/db";

export async function withAttempts<T extends Pick<EventDelivery, "id" | "eventOccurredAt">>(
  prisma: PrismaClient,
  delivery: T,
): Promise<T & { attemptsLog: DeliveryAttempt[] }> {
  const attemptsLog = await prisma.deliveryAttempt.findMany({
    where: { deliveryId: delivery.id, eventOccurredAt: delivery.eventOccurredAt },
    orderBy: { attempt: "asc" },
  });
  return { ...delivery, attemptsLog };
}

export async function withEvent<T extends Pick<EventDelivery, "eventId" | "eventOccurredAt">>(
  prisma: PrismaClient,
  delivery: T,
): Promise<T & { event: OutboxEvent }> {
  const event = await prisma.outboxEvent.findUniqueOrThrow({
    where: { id_occurredAt: { id: delivery.eventId, occurredAt: delivery.eventOccurredAt } },
  });
  return { ...delivery, event };
}
