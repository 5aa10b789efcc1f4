// Which order or refund a wallet call belongs to, carried implicitly through async code so that the
// one exchange hook of the wallet client can file every attempt under the right order timeline:
//   await withWalletCallScope({ orderId }, () => wallet.pay(request));
import { AsyncLocalStorage } from "node:async_hooks";
import type { HeldWalletCalls } from "./held-calls";

export interface WalletCallScope {
  orderId?: string;
  refundId?: string;
  /** When set, the log rows of the scope's exchanges are held there for the caller to write. */
  held?: HeldWalletCalls;
}

const storage = new AsyncLocalStorage<WalletCallScope>();

export function withWalletCallScope<T>(scope: WalletCallScope, run: () => Promise<T>): Promise<T> {
  return storage.run({ ...storage.getStore(), ...scope }, run);
}

export function currentWalletCallScope(): WalletCallScope {
  return storage.getStore() ?? {};
}
