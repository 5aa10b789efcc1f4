// Appends every wallet exchange to the wallet-call log (already redacted by the client), filed under
// the order or refund of the call scope and the request (or job) that made it.
import { Prisma, type PrismaClient } from "@/lib/db";
import { execute } from "@/lib/db/run-sql";
import type { Logger } from "@/lib/log";
import { currentRequestId } from "@/lib/observability/request-context";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { currentWalletCallScope } from "./call-scope";

export function walletCallRecorder(prisma: () => PrismaClient, logger: () => Logger) {
  return async (exchange: WalletExchange): Promise<void> => {
    // A call the circuit breaker refused never reached the wallet: it is no exchange, and counting
    // rows stays counting what the wallet saw. The metrics count it; an order left unknown by it
    // names the cause (CIRCUIT_OPEN) in its timeline.
    if (!exchange.sent) return;
    const scope = currentWalletCallScope();
    try {
      // A plain INSERT: the log row is never read back, and every wallet call of every path writes one.
      await execute(
        prisma(),
        Prisma.sql`
        INSERT INTO wallet_calls (operation, path, request_key, order_id, refund_id, request_id, outcome, result_code,
                                  http_status, duration_ms, error_kind, request_body, response_body, created_at)
        VALUES (${exchange.operation}, ${exchange.path}, ${exchange.requestKey ?? null}::text,
                ${scope.orderId ?? null}::text, ${scope.refundId ?? null}::text, ${currentRequestId() ?? null}::text,
                ${exchange.httpStatus === undefined ? null : exchange.status}::text,
                ${exchange.resultCode}, ${exchange.httpStatus ?? null}::int, ${exchange.durationMs}::int,
                ${exchange.unknownCause ?? null}::text, ${JSON.stringify(exchange.requestBody ?? {})}::jsonb,
                ${jsonOrNull(exchange.responseBody)}::jsonb, ${exchange.startedAt}::timestamptz)`,
      );
    } catch (error) {
      // The log must never turn a known wallet outcome into an exception: the money state matters more.
      logger().error(
        { err: error, operation: exchange.operation, requestKey: exchange.requestKey },
        "could not record wallet call",
      );
    }
  };
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
