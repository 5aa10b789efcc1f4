// Console sessions as operators see them on the "Your account" page: their own sessions that still
// stand (browser, address, first and last seen), signing out one of them or all but the one they
// are using. An ADMIN sees and ends any operator's, which revokes that operator's API keys too.
// Ending someone else's session is audited; the
// sessions themselves are lib/operators/sessions/operator-sessions.ts.

import { revokeApiKeys } from "@/lib/operators/api-keys/revoke-api-keys";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { assertNotAbove } from "@/lib/operators/roles/grant-ceiling";
import { grantsOf } from "@/lib/operators/roles/grants";
import { can } from "@/lib/operators/roles/permissions";
import {
  endOperatorSession,
  endOperatorSessions,
  isLive,
  type SessionSettings,
} from "@/lib/operators/sessions/operator-sessions";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { OperatorSession } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import { recordAudit } from "../audit/record-audit";

type Context = Pick<ServiceContext, "prisma" | "now">;

/** Another operator's sessions are an ADMIN's business only. */
function assertMayManage(actor: OperatorIdentity, operatorId: string): void {
  if (operatorId !== actor.id && !can(actor, "operators.manage")) {
    throw new ForbiddenError("Only an administrator sees or ends another operator's sessions.");
  }
}

function sessionView(session: OperatorSession, actor: OperatorIdentity) {
  return { ...session, current: session.id === actor.sessionId };
}

/** The sessions of `operatorId` (default: the actor's own) that still stand, the newest first. */
export async function listSessions(
  ctx: Context,
  actor: OperatorIdentity,
  settings: SessionSettings,
  operatorId: string = actor.id,
) {
  assertMayManage(actor, operatorId);
  const now = ctx.now();
  const sessions = await ctx.prisma.operatorSession.findMany({
    where: {
      operatorId,
      endedAt: null,
      expiresAt: { gt: now },
      lastSeenAt: { gt: new Date(now.getTime() - settings.idleMs) },
    },
    orderBy: { createdAt: "desc" },
  });
  return sessions.filter((session) => isLive(session, settings, now)).map((s) => sessionView(s, actor));
}

/** Ends one session: one's own, or (an ADMIN) anyone's. Ending one already over changes nothing. */
export async function endSession(ctx: Context, actor: OperatorIdentity, sessionId: string) {
  const session = await ctx.prisma.operatorSession.findUnique({
    where: { id: sessionId },
    include: { operator: { include: { roleDefinition: true } } },
  });
  if (!session) throw new NotFoundError("No such session.");
  assertMayManage(actor, session.operatorId);
  const byAdmin = session.operatorId !== actor.id;
  if (byAdmin) {
    assertNotAbove(actor, grantsOf(session.operator.roleDefinition), `${session.operator.email}'s role`);
  }
  const ended = await ctx.prisma.$transaction(async (tx) => {
    // Told apart so the sign-in page can say an administrator signed them out, not that they did.
    const reason = byAdmin ? "ENDED_BY_ADMIN" : "ENDED_BY_OPERATOR";
    const changed = await endOperatorSession(tx, sessionId, reason, ctx.now());
    if (changed && byAdmin) {
      // An admin who ends someone's session distrusts what it could do: their keys go with it.
      const keys = await revokeApiKeys(
        tx,
        actor,
        { operatorId: session.operatorId },
        "MAKER_SESSIONS_ENDED",
        ctx.now(),
      );
      await recordAudit(tx, {
        operator: actor,
        action: "operator.session-end",
        subjectType: "OPERATOR",
        subjectId: session.operatorId,
        after: {
          sessionId,
          address: session.address,
          userAgent: session.userAgent,
          apiKeysRevoked: keys.length,
        },
      });
    }
    return tx.operatorSession.findUniqueOrThrow({ where: { id: sessionId } });
  });
  return sessionView(ended, actor);
}

/**
 * Signs the actor out everywhere but here (the session they are using stays); or, for an ADMIN naming
 * another operator, signs that operator out everywhere, audited.
 */
export async function endOtherSessions(
  ctx: Context,
  actor: OperatorIdentity,
  operatorId: string = actor.id,
): Promise<{ ended: number }> {
  if (operatorId !== actor.id) return endAllSessionsOf(ctx, actor, operatorId);
  if (!actor.sessionId) {
    throw new ForbiddenError("Sign in to the console to end your other sessions; an API key has none.");
  }
  const ended = await endOperatorSessions(
    ctx.prisma,
    actor.id,
    "ENDED_BY_OPERATOR",
    ctx.now(),
    actor.sessionId,
  );
  return { ended };
}

/** An ADMIN signs another operator out of every browser at once: one audit entry for all of them. */
async function endAllSessionsOf(
  ctx: Context,
  actor: OperatorIdentity,
  operatorId: string,
): Promise<{ ended: number }> {
  assertMayManage(actor, operatorId);
  const target = await ctx.prisma.operator.findUnique({
    where: { id: operatorId },
    include: { roleDefinition: true },
  });
  if (!target) throw new NotFoundError("No such operator.");
  assertNotAbove(actor, grantsOf(target.roleDefinition), `${target.email}'s role`);
  const ended = await ctx.prisma.$transaction(async (tx) => {
    const count = await endOperatorSessions(tx, operatorId, "ENDED_BY_ADMIN", ctx.now());
    if (count > 0) {
      // As for one session: an admin who signs someone out distrusts what they could do, keys too.
      const keys = await revokeApiKeys(tx, actor, { operatorId }, "MAKER_SESSIONS_ENDED", ctx.now());
      await recordAudit(tx, {
        operator: actor,
        action: "operator.session-end",
        subjectType: "OPERATOR",
        subjectId: operatorId,
        after: { allSessions: true, ended: count, apiKeysRevoked: keys.length },
      });
    }
    return count;
  });
  return { ended };
}
