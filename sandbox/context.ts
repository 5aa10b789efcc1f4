// What every part of the sandbox gets handed: the state, the clock and the services around them.
import type { KeyObject } from "node:crypto";
import type { SandboxClock } from "./clock";
import type { FaultBook } from "./domain/faults";
import type { PaymentLocks } from "./domain/locks";
import type { Notifier } from "./notifications/notifier";
import type { Settings } from "./settings";
import type { Merchant } from "./store/entities";
import type { SandboxStore } from "./store/store";

export type SandboxMode = "dev" | "test" | "off";

export interface SandboxContext {
  store: SandboxStore;
  clock: SandboxClock;
  locks: PaymentLocks;
  faults: FaultBook;
  notifier: Notifier;
  mode: SandboxMode;
  /** Origin the pages are served from, used in redirectionUrl and authorizationUrl. */
  baseUrl: () => string;
  walletPrivateKey: KeyObject;
  walletPublicKeyPem: string;
  settings: () => Settings;
}

export interface OperationContext extends SandboxContext {
  merchant: Merchant;
  /** PAYMENT_IN_PROCESS or REFUND_FAIL fault taken for this call, if any. */
  fault?: "PAYMENT_IN_PROCESS" | "REFUND_FAIL";
}
