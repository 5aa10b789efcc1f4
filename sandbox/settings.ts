// Tunable behaviour of the sandbox (`POST /sandbox/settings`). Defaults follow the lifetimes
// and limits in docs/wallet-interface.md, "Limits"; everything else is a sandbox choice documented in the
// README.
import { z } from "zod";

const seconds = z.number().int().nonnegative();
const fils = z
  .union([z.string().regex(/^(0|[1-9][0-9]*)$/), z.number().int().nonnegative()])
  .transform((value) => BigInt(value));

const settingsInput = z.strictObject({
  /** Extra time every operation takes; makes operations on one payment overlap (MUTEX_...). */
  operationLatencyMs: z.number().int().nonnegative().max(60_000).optional(),
  /** How long a refund stays PROCESSING (REFUND_IN_PROCESS) before SUCCESS or FAIL; 0 = at once. */
  refundDelaySeconds: seconds.optional(),
  /** Escrow: time after payment during which `cancel` is allowed. */
  cancelWindowSeconds: seconds.optional(),
  authCodeTtlSeconds: seconds.optional(),
  accessTokenTtlSeconds: seconds.optional(),
  refreshTokenTtlSeconds: seconds.optional(),
  /** Expiry of cashier/escrow payments whose `pay` had no paymentExpiryTime. */
  defaultPaymentExpirySeconds: seconds.optional(),
  /** Agreement-page links from `prepare` stay usable this long. */
  agreementLinkTtlSeconds: seconds.optional(),
  /** Per-payment contract limit (PAYMENT_AMOUNT_EXCEED_LIMIT). */
  paymentLimit: fils.optional(),
  /** Per-user daily limit for ordinary users (the `daily_limit` persona has its own, 100,000 fils). */
  userDailyLimit: fils.optional(),
  /** Balance of a new user when none is given. */
  defaultUserBalance: fils.optional(),
  currencies: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .min(1)
    .optional(),
  /** How long a pay answered U/PAYMENT_IN_PROCESS (fault) takes to reach its final status. */
  paymentInProcessSeconds: seconds.optional(),
  /** How long the TIMEOUT fault holds a request before closing the connection without an answer. */
  timeoutHangMs: z.number().int().nonnegative().max(120_000).optional(),
  /**
   * An outage of the wallet's API: every operation request is held without being processed, for
   * timeoutHangMs, then its connection is closed. Nothing happens at the wallet, unlike the TIMEOUT
   * fault (which does the work and loses the answer). The pages, the control API and notification
   * deliveries go on: only the merchant-facing gateway is down.
   */
  unresponsive: z.boolean().optional(),
  /** How far DELAY_NOTIFICATION pushes the first delivery of a notification. */
  notificationDelaySeconds: seconds.optional(),
  /** inquiryRefund polling limit per refund (spec, "Limits": one poll every 5 s). */
  refundPollIntervalSeconds: seconds.optional(),
  /** Answer timeout of a notification delivery (docs/wallet-interface.md, "Notifications": 5 s). */
  notificationTimeoutMs: z.number().int().positive().max(60_000).optional(),
  /**
   * Answers also carry the names a production wallet of this family uses beside the spec's
   * (`redirectActionForm.redirectUrl`, `authUrl`), so front ends written against it work here too.
   */
  fieldAliases: z.boolean().optional(),
  /**
   * How far the wallet's own wall clock is from this machine's (negative: behind). It shows in
   * Response-Time and in notifications' Request-Time, and requests more than 5 minutes off it are
   * refused: what a merchant server whose clock drifted meets (`npm run wallet:check` finds it).
   */
  wallClockSkewSeconds: z
    .number()
    .int()
    .min(-7 * 24 * 3600)
    .max(7 * 24 * 3600)
    .optional(),
});
export type SettingsInput = z.input<typeof settingsInput>;

export interface Settings {
  operationLatencyMs: number;
  refundDelaySeconds: number;
  cancelWindowSeconds: number;
  authCodeTtlSeconds: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  defaultPaymentExpirySeconds: number;
  agreementLinkTtlSeconds: number;
  paymentLimit: bigint;
  userDailyLimit: bigint;
  defaultUserBalance: bigint;
  currencies: string[];
  paymentInProcessSeconds: number;
  timeoutHangMs: number;
  unresponsive: boolean;
  notificationDelaySeconds: number;
  refundPollIntervalSeconds: number;
  notificationTimeoutMs: number;
  fieldAliases: boolean;
  wallClockSkewSeconds: number;
}

export const DEFAULT_SETTINGS: Settings = {
  operationLatencyMs: 0,
  refundDelaySeconds: 15,
  cancelWindowSeconds: 30 * 60,
  authCodeTtlSeconds: 5 * 60,
  accessTokenTtlSeconds: 60 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  defaultPaymentExpirySeconds: 15 * 60,
  agreementLinkTtlSeconds: 30 * 60,
  paymentLimit: 5_000_000_000n,
  userDailyLimit: 50_000_000_000n,
  defaultUserBalance: 10_000_000_000n,
  currencies: ["IQD"],
  paymentInProcessSeconds: 30,
  timeoutHangMs: 10_000,
  unresponsive: false,
  notificationDelaySeconds: 5 * 60,
  refundPollIntervalSeconds: 5,
  notificationTimeoutMs: 5_000,
  fieldAliases: true,
  wallClockSkewSeconds: 0,
};

/** The wallet's wall clock: real time, or off by `wallClockSkewSeconds` (not the business clock). */
export function wallClock(settings: Settings): Date {
  return new Date(Date.now() + settings.wallClockSkewSeconds * 1000);
}

export function mergeSettings(current: Settings, input: unknown): Settings {
  const parsed = settingsInput.parse(input);
  const next: Settings = { ...current };
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}
