// Who did it, as operators know each other: `operator:<id>` becomes the operator's name; customers,
// the wallet and the workers keep their technical label.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { isRowId } from "@/lib/platform/ids/request-ids";

export type ActorName = (actor: string | null | undefined) => string | undefined;

const OPERATOR_PREFIX = "operator:";

export async function actorNames(
  ctx: ServiceContext,
  actors: (string | null | undefined)[],
): Promise<ActorName> {
  const ids = new Set(
    actors.flatMap((actor) =>
      actor?.startsWith(OPERATOR_PREFIX) ? [actor.slice(OPERATOR_PREFIX.length)] : [],
    ),
  );
  const uuids = [...ids].filter(isRowId);
  const operators = uuids.length
    ? await ctx.prisma.operator.findMany({ where: { id: { in: uuids } }, select: { id: true, name: true } })
    : [];
  const names = new Map(operators.map((operator) => [`${OPERATOR_PREFIX}${operator.id}`, operator.name]));
  return (actor) => (actor ? (names.get(actor) ?? actor) : undefined);
}
