// Operator sessions kept on the server. next-auth's token is a signed, encrypted cookie that lives
// until its expiry wherever it is copied; the row this module keeps for each sign-in is what lets a
// session end earlier: signed out, idle too long, or ended because its operator's password, role or
// access changed. Every console request and page reads the row by its primary key (the token
// carries its id) with its operator, in one query.
import type { Operator, Prisma, PrismaClient, Role } from "@/lib/platform/db";

/** Why a session ended before its time. */
export type SessionEndReason =
  | "SIGNED_OUT"
  | "PASSWORD_CHANGED"
  | "ROLE_CHANGED"
  | "DISABLED"
  | "ENDED_BY_OPERATOR"
  /** An administrator signed it out from the operator's sessions page. */
  | "ENDED_BY_ADMIN"
  | "SECOND_FACTOR_RESET"
  /** The account turned on a second factor: its sessions signed in with a password alone end. */
  | "SECOND_FACTOR_ADDED";

/** What the sign-in page tells an operator whose session is over: why it ended, or that it ran out. */
export type SessionEndNotice = Exclude<SessionEndReason, "SIGNED_OUT"> | "IDLE" | "EXPIRED";

export interface SessionSettings {
  /** A session's whole life from sign-in, however active: a working day. */
  maxAgeMs: number;
  /** A session nobody used for this long is over. */
  idleMs: number;
}

/** lastSeenAt is written at most this often per session: a write per request would be waste. */
const LAST_SEEN_GRANULARITY_MS = 60_000;
/** What is kept of a User-Agent: enough to tell a phone from a laptop. */
const USER_AGENT_LENGTH = 300;

/** Records a sign-in; its id goes into the session token. */
export async function startOperatorSession(
  prisma: PrismaClient,
  input: { operatorId: string; userAgent?: string; address?: string },
  settings: SessionSettings,
  now: Date = new Date(),
): Promise<string> {
  const session = await prisma.operatorSession.create({
    data: {
      operatorId: input.operatorId,
      userAgent: input.userAgent?.slice(0, USER_AGENT_LENGTH) || null,
      address: input.address || null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + settings.maxAgeMs),
    },
    select: { id: true },
  });
  return session.id;
}

/**
 * The enabled operator of a session that still stands, or null: a session that ended, expired or
 * idled out, one of another operator than the token names, or a disabled operator's.
 */
export type OperatorWithRole = Operator & { roleDefinition: Role };

export async function operatorOfSession(
  prisma: PrismaClient,
  token: { sessionId?: string; operatorId?: string },
  settings: SessionSettings,
  now: Date = new Date(),
): Promise<OperatorWithRole | null> {
  if (!token.sessionId || !token.operatorId) return null;
  const session = await prisma.operatorSession.findUnique({
    where: { id: token.sessionId },
    include: { operator: { include: { roleDefinition: true } } },
  });
  if (!session || session.operatorId !== token.operatorId) return null;
  if (!isLive(session, settings, now) || session.operator.disabledAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS) {
    await prisma.operatorSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return session.operator;
}

/**
 * Why the session a token names no longer stands, for the sign-in page to say: ended by someone (an
 * administrator, a password change…), idle too long, or past its day. Null when it stands, when the
 * operator signed out themselves, or when the token names no session of theirs.
 */
export async function whySessionEnded(
  prisma: PrismaClient,
  token: { sessionId?: string; operatorId?: string },
  settings: SessionSettings,
  now: Date = new Date(),
): Promise<SessionEndNotice | null> {
  if (!token.sessionId || !token.operatorId) return null;
  const session = await prisma.operatorSession.findUnique({
    where: { id: token.sessionId },
    include: { operator: { select: { disabledAt: true } } },
  });
  if (!session || session.operatorId !== token.operatorId) return null;
  if (session.endedAt) {
    const reason = session.endedReason as SessionEndReason | null;
    return reason === "SIGNED_OUT" || reason === null ? null : reason;
  }
  if (session.operator.disabledAt) return "DISABLED";
  if (session.expiresAt <= now) return "EXPIRED";
  return isLive(session, settings, now) ? null : "IDLE";
}

/** Whether a session, as stored, still stands at `now`. */
export function isLive(
  session: { endedAt: Date | null; expiresAt: Date; lastSeenAt: Date },
  settings: SessionSettings,
  now: Date,
): boolean {
  return (
    !session.endedAt &&
    session.expiresAt > now &&
    now.getTime() - session.lastSeenAt.getTime() < settings.idleMs
  );
}

/** Ends one session (signing out); ending one that already ended changes nothing. */
export async function endOperatorSession(
  prisma: PrismaClient | Prisma.TransactionClient,
  sessionId: string,
  reason: SessionEndReason,
  now: Date = new Date(),
): Promise<boolean> {
  const ended = await prisma.operatorSession.updateMany({
    where: { id: sessionId, endedAt: null },
    data: { endedAt: now, endedReason: reason },
  });
  return ended.count > 0;
}

/**
 * Ends every open session of an operator, but `keep` (the session asking, when an operator signs
 * out their other sessions). Called in the transaction of the change that ends them.
 */
export async function endOperatorSessions(
  prisma: PrismaClient | Prisma.TransactionClient,
  operatorId: string,
  reason: SessionEndReason,
  now: Date = new Date(),
  keep?: string,
): Promise<number> {
  const ended = await prisma.operatorSession.updateMany({
    where: { operatorId, endedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { endedAt: now, endedReason: reason },
  });
  return ended.count;
}
