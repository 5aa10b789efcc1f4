// Appends every wallet exchange to the wallet-call log (already redacted by the client), filed under
// the order or refund of the call scope and the request (or job) that made it.
//
// Rows are group-committed (lib/platform/db/group-commit.ts): concurrent calls — a busy order route, sixteen
// reconcile jobs — share one multi-row INSERT instead of a statement each. The caller still waits
// for its own row to be written before it moves the order on. A scope that holds its rows
// (held-calls.ts) gets them instead, to write in its own next statement with walletCallsInsertSql.
import { Prisma, type PrismaClient } from "@/lib/platform/db";
import { groupCommit } from "@/lib/platform/db/group-commit";
import { execute } from "@/lib/platform/db/run-sql";
import type { Logger } from "@/lib/platform/log";
import { currentRequestId } from "@/lib/platform/observability/request-context";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { currentWalletCallScope } from "./call-scope";

/** The INSERT of wallet-call rows built by the recorder: a statement of its own, or a CTE of another. */
export function walletCallsInsertSql(rows: Prisma.Sql[]): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO wallet_calls (operation, path, request_key, order_id, refund_id, request_id, outcome, result_code,
                              http_status, duration_ms, error_kind, request_body, response_body, created_at)
    VALUES ${Prisma.join(rows)}`;
}

export function walletCallRecorder(prisma: () => PrismaClient, logger: () => Logger) {
  // A plain INSERT: the log rows are never read back.
  const write = groupCommit<Prisma.Sql>(async (rows) => {
    await execute(prisma(), walletCallsInsertSql(rows));
  });
  async function writeAlone(row: Prisma.Sql, exchange: WalletExchange): Promise<void> {
    try {
      await write(row);
    } catch (error) {
      // The log must never turn a known wallet outcome into an exception: the money state matters more.
      logger().error(
        { err: error, operation: exchange.operation, requestKey: exchange.requestKey },
        "could not record wallet call",
      );
    }
  }
  return async (exchange: WalletExchange): Promise<void> => {
    // A call the circuit breaker refused never reached the wallet: it is no exchange, and counting
    // rows stays counting what the wallet saw. The metrics count it; an order left unknown by it
    // names the cause (CIRCUIT_OPEN) in its timeline.
    if (!exchange.sent) return;
    // The scope and request id are read here, in the caller's async context, not at the write.
    const row = rowOf(exchange);
    const held = currentWalletCallScope().held;
    if (held) {
      held.hold({ row, writeAlone: () => writeAlone(row, exchange) });
      return;
    }
    await writeAlone(row, exchange);
  };
}

function rowOf(exchange: WalletExchange): Prisma.Sql {
  const scope = currentWalletCallScope();
  return Prisma.sql`(${exchange.operation}, ${exchange.path}, ${exchange.requestKey ?? null}::text,
    ${scope.orderId ?? null}::text, ${scope.refundId ?? null}::text, ${currentRequestId() ?? null}::text,
    ${exchange.httpStatus === undefined ? null : exchange.status}::text,
    ${exchange.resultCode}, ${exchange.httpStatus ?? null}::int, ${exchange.durationMs}::int,
    ${exchange.unknownCause ?? null}::text, ${JSON.stringify(exchange.requestBody ?? {})}::jsonb,
    ${jsonOrNull(exchange.responseBody)}::jsonb, ${exchange.startedAt}::timestamptz)`;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
