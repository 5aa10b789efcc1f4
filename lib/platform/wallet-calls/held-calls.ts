// Wallet-call log rows held back so that the caller's next statement can write them, instead of a
// round trip of their own. Order creation holds the `pay` exchange's rows and the status change's
// statement inserts them (lib/payments/orders/transition-order.ts): the log row and the order's new
// status then commit together, one statement fewer per order.
//
//   const held = new HeldWalletCalls();
//   try {
//     const outcome = await withWalletCallScope({ orderId, held }, () => wallet.pay(request));
//     await transition(..., { walletCalls: held });
//   } finally {
//     await held.release(); // whatever no statement took is written the usual way
//   }
//
// The cost: a crash between the wallet's answer and that statement loses the held rows, where a
// separate write would have kept them. The order is then still CREATED: reconciliation asks the
// wallet about it (re-sending `pay` with the same request id if the wallet never got it) and logs
// those exchanges.
import type { Prisma } from "@/lib/platform/db";

export interface HeldWalletCall {
  /** The row's VALUES tuple, as record-wallet-call.ts builds it. */
  row: Prisma.Sql;
  /** Writes the row by itself (group-committed), logging rather than throwing if that fails. */
  writeAlone: () => Promise<void>;
}

export class HeldWalletCalls {
  #calls: HeldWalletCall[] = [];

  hold(call: HeldWalletCall): void {
    this.#calls.push(call);
  }

  /** The rows held so far, for a statement to write; they are no longer held. */
  take(): HeldWalletCall[] {
    return this.#calls.splice(0);
  }

  /** Rows taken by a statement that failed: held again, for release() to write. */
  giveBack(calls: HeldWalletCall[]): void {
    this.#calls.unshift(...calls);
  }

  /** Writes, each by itself, every row no statement took. Never throws. */
  async release(): Promise<void> {
    await Promise.all(this.take().map((call) => call.writeAlone()));
  }
}
