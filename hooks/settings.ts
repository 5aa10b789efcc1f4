// The settings of your hooks: the one place your code in hooks/ reads the environment. Upstream's
// own variables are validated in lib/platform/env.ts; yours are validated here, with zod, when the
// workers start (workers/main.ts calls hookSettings() before any job runs), so a malformed value stops
// them with the variable's name instead of failing the first event that needs it. Add a variable by
// adding it to the schema and to HookSettings, and to .env.example with one line saying why it exists.
import { z } from "zod";
import { EnvError, getEnv } from "@/lib/platform/env";

/** Empty or blank is "not set", as for every variable upstream. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const schema = z.object({
  // The example kitchen-ticket hook (hooks/kitchen-ticket.ts) POSTs paid orders here; unset: no tickets.
  KITCHEN_TICKET_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  ),
  // The mini program's app id, which the wallet needs in push deep links (hooks/payment-received-push.ts).
  MINI_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]{1,64}$/, { message: "must be the app id the wallet gave the mini program" })
      .optional(),
  ),
});

export interface HookSettings {
  kitchenTicketUrl: string | undefined;
  miniAppId: string | undefined;
}

/** What the sandbox accepts as an app id: any, so one is chosen when no real wallet is configured. */
const SANDBOX_MINI_APP_ID = "sandbox-mini-app";

/**
 * Validates a variable map, or throws an EnvError naming every bad variable. `walletIsSandbox`: the
 * bundled sandbox plays the wallet (no WALLET_BASE_URL), which gives MINI_APP_ID a default.
 */
export function parseHookSettings(
  source: Record<string, string | undefined>,
  options: { walletIsSandbox: boolean },
): HookSettings {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return {
    kitchenTicketUrl: parsed.data.KITCHEN_TICKET_URL,
    miniAppId: parsed.data.MINI_APP_ID ?? (options.walletIsSandbox ? SANDBOX_MINI_APP_ID : undefined),
  };
}

let cached: HookSettings | undefined;

/** This process's hook settings, read and validated once. */
export function hookSettings(): HookSettings {
  cached ??= parseHookSettings(process.env, { walletIsSandbox: getEnv().wallet.usesSandbox });
  return cached;
}

/** Tests that change variables call this to read them again. */
export function resetHookSettingsForTests(): void {
  cached = undefined;
}
