// Starting over without losing the setup: `POST /sandbox/reset` and `npm run sandbox -- --fresh`.
//
// Everything a run of tests or clicking around leaves behind goes: users, customers, auth codes,
// tokens, agreement links, payments, refunds, voids, pushes, notifications, faults, settings and the
// clock offset. What a merchant configured stays: the wallet key pair (a file beside the journal,
// which merchants copied into their configuration) and the registered merchants (their Client-Id
// and public key), so `npm run dev` keeps working against a sandbox reset under it.
import type { SandboxClock } from "../clock";
import type { SandboxContext } from "../context";
import type { Kind, SandboxStore } from "../store/store";

const KEPT_ON_RESET: readonly Kind[] = ["merchant"];

/** The state of a fresh sandbox, keeping the registered merchants. */
export function forgetState(store: SandboxStore, clock: SandboxClock): void {
  store.keepOnly(KEPT_ON_RESET);
  clock.reset();
}

/** Resets a running sandbox. Notification sends in flight are cut first, so none records afterwards. */
export async function resetSandbox(ctx: SandboxContext): Promise<void> {
  await ctx.notifier.abandonInFlight();
  forgetState(ctx.store, ctx.clock);
}

/** Back to real time, keeping everything else (see SandboxClock.reset). */
export function resetClock(ctx: SandboxContext): void {
  ctx.clock.reset();
  ctx.store.save("clock", { offsetMs: 0 });
}
