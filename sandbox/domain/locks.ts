// Operations on one payment are serialized. A second operation that arrives while another one on
// the same payment is still being processed is refused with MUTEX_OPERATION_IN_PROCESSING, which is
// what the spec's void and confirm errors describe. `operationLatencyMs` keeps the lock held long
// enough for a test to make two operations overlap.
import { failed, WalletFailure } from "../operations/results";

export class PaymentLocks {
  private readonly held = new Set<string>();

  /** Keys being processed right now (GET /sandbox/locks), so tests can overlap operations without racing. */
  list(): string[] {
    return [...this.held];
  }

  async run<T>(
    key: string,
    latencyMs: number,
    work: () => T | Promise<T>,
    busy: () => WalletFailure = () =>
      new WalletFailure(
        failed("MUTEX_OPERATION_IN_PROCESSING", "another operation on this payment is in progress"),
      ),
  ): Promise<T> {
    if (this.held.has(key)) throw busy();
    this.held.add(key);
    try {
      if (latencyMs > 0) await sleep(latencyMs);
      return await work();
    } finally {
      this.held.delete(key);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
