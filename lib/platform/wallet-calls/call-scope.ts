// Which order or refund a wallet call belongs to, carried implicitly through async code so that the
// one exchange hook of the wallet client can file every attempt under the right order timeline:
//   await withWalletCallScope({ orderId }, () => wallet.pay(request));
import { AsyncLocalStorage } from "node:async_hooks";

export interface WalletCallScope {
  orderId?: string;
  refundId?: string;
}

const storage = new AsyncLocalStorage<WalletCallScope>();

export function withWalletCallScope<T>(scope: WalletCallScope, run: () => Promise<T>): Promise<T> {
  return storage.run({ ...storage.getStore(), ...scope }, run);
}

export function currentWalletCallScope(): WalletCallScope {
  return storage.getStore() ?? {};
}
