// What every wallet exchange feeds besides the wallet-call log: the call histogram (by operation,
// result status and unknown cause, refused calls included) and a trace span.
import type { WalletExchange } from "@/lib/wallet/outcome";
import { recordMetric } from "./metrics";
import { traceWalletExchange } from "./tracing";

export function observeWalletExchange(exchange: WalletExchange): void {
  recordMetric((metrics) =>
    metrics.walletCallDuration.observe(
      {
        operation: exchange.operation,
        status: exchange.status,
        unknown_cause: exchange.unknownCause ?? "",
      },
      exchange.durationMs / 1000,
    ),
  );
  traceWalletExchange(exchange);
}
