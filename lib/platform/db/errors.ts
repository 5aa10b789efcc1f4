// Reading the database's errors as the driver adapter reports them (Prisma 7 + @prisma/adapter-pg).
// Callers ask questions ("was a unique key taken?", "is the database reachable?") instead of matching
// codes in many places.

interface PrismaLikeError {
  code?: string;
  meta?: { driverAdapterError?: { cause?: { kind?: string; code?: string; originalCode?: string } } };
}

function adapterCause(error: unknown) {
  return (error as PrismaLikeError | null)?.meta?.driverAdapterError?.cause;
}

/** A unique constraint refused the write: another request (or a repeat) got there first. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  return (error as PrismaLikeError).code === "P2002" || adapterCause(error)?.originalCode === "23505";
}

// P1001 can't reach the server, P1002 timed out reaching it, P1008 operation timed out, P1017 the
// server closed the connection, P2024 no connection free in the pool in time, P2028 an interactive
// transaction that could not start in time or outlived its timeout (an overloaded host: the topology
// test saw a refund's take 5.9 s of its 5): Prisma rolled it back, nothing was written.
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
const UNREACHABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionAlreadyClosed",
]);
// SQLSTATE classes 08 (connection exception) and 57P0x (server shutting down), and 53300 (too many
// connections): the statement never ran, so the request is safe to retry.
const UNREACHABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

/** The database could not be reached or dropped the connection: retrying later may succeed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code } = error as PrismaLikeError;
  if (code && UNREACHABLE_CODES.has(code)) return true;
  const cause = adapterCause(error);
  if (cause?.kind && UNREACHABLE_KINDS.has(cause.kind)) return true;
  const sqlState = cause?.originalCode ?? cause?.code ?? code;
  if (sqlState && UNREACHABLE_SQLSTATE.test(sqlState)) return true;
  // Raw `pg` errors (the migration runner, scripts) carry the socket's error code.
  return Boolean(code && NETWORK_CODES.has(code));
}

/** The name of the CHECK constraint that refused the write (e.g. the money invariants), if any. */
export function violatedCheckConstraint(error: unknown): string | undefined {
  const cause = adapterCause(error) as { originalCode?: string; originalMessage?: string } | undefined;
  if (cause?.originalCode !== "23514") return undefined;
  return cause.originalMessage?.match(/check constraint "([^"]+)"/)?.[1];
}

/** Runs a create; a unique key already taken becomes `taken()`'s error instead of a driver error. */
export async function createUnlessTaken<T>(create: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
