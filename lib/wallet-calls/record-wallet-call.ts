// Appends every wallet exchange to the wallet-call log (already redacted by the client).
import type { Prisma, PrismaClient } from "@/lib/db";
import type { Logger } from "@/lib/log";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { currentWalletCallScope } from "./call-scope";

export function walletCallRecorder(prisma: () => PrismaClient, logger: () => Logger) {
  return async (exchange: WalletExchange): Promise<void> => {
    const scope = currentWalletCallScope();
    try {
      await prisma().walletCall.create({
        data: {
          operation: exchange.operation,
          path: exchange.path,
          requestKey: exchange.requestKey ?? null,
          orderId: scope.orderId ?? null,
          refundId: scope.refundId ?? null,
          // No answer (timeout, network) has no resultStatus; keep the column honest.
          outcome: exchange.httpStatus === undefined ? null : exchange.status,
          resultCode: exchange.resultCode,
          httpStatus: exchange.httpStatus ?? null,
          durationMs: exchange.durationMs,
          errorKind: exchange.unknownCause ?? null,
          requestBody: (exchange.requestBody ?? {}) as Prisma.InputJsonValue,
          responseBody: (exchange.responseBody ?? undefined) as Prisma.InputJsonValue | undefined,
          createdAt: exchange.startedAt,
        },
      });
    } catch (error) {
      // The log must never turn a known wallet outcome into an exception: the money state matters more.
      logger().error(
        { err: error, operation: exchange.operation, requestKey: exchange.requestKey },
        "could not record wallet call",
      );
    }
  };
}
