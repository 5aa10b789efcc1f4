// Test users and the personas that reach the spec's user-side pay errors by a real cause
// (sandbox/README.md, "Test personas and how every spec error code is reached").
import { z } from "zod";
import type { SandboxClock } from "../clock";
import { newId } from "../ids";
import { failed } from "../operations/results";
import type { Settings } from "../settings";
import { PERSONAS, type User, type WalletResult } from "../store/entities";
import type { SandboxStore } from "../store/store";

/** Balance of a `low_balance` user: any ordinary order is above it. */
const LOW_BALANCE_FILS = 1_000n;
/** Daily limit of a `daily_limit` user. */
const PERSONA_DAILY_LIMIT_FILS = 100_000n;

const userInput = z.strictObject({
  userId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: "letters, digits and _ . : - only" })
    .optional(),
  balance: z.union([z.string().regex(/^(0|[1-9][0-9]*)$/), z.number().int().nonnegative()]).optional(),
  persona: z.enum(PERSONAS).optional(),
  loginId: z.string().min(1).max(64).optional(),
  fullName: z.string().min(1).max(128).optional(),
});

/** Creates a user, or updates balance/persona of an existing one (re-posting a userId). */
export function upsertUser(
  store: SandboxStore,
  clock: SandboxClock,
  settings: Settings,
  input: unknown,
): User {
  const parsed = userInput.parse(input);
  const existing = parsed.userId ? store.get("user", parsed.userId) : undefined;
  if (existing) {
    if (parsed.persona) existing.persona = parsed.persona;
    if (parsed.balance !== undefined) existing.balance = BigInt(parsed.balance);
    if (parsed.loginId) existing.loginId = parsed.loginId;
    if (parsed.fullName) existing.fullName = parsed.fullName;
    return store.save("user", existing);
  }
  const userId = parsed.userId ?? newId("2160", 8);
  const persona = parsed.persona ?? "normal";
  const fullName = parsed.fullName ?? "Sandbox User";
  const [firstName = "Sandbox", ...rest] = fullName.split(" ");
  return store.save("user", {
    userId,
    persona,
    balance:
      parsed.balance !== undefined
        ? BigInt(parsed.balance)
        : persona === "low_balance"
          ? LOW_BALANCE_FILS
          : settings.defaultUserBalance,
    loginId: parsed.loginId ?? `+9647${userId.replace(/\D/g, "").padEnd(9, "0").slice(-9)}`,
    fullName,
    firstName,
    lastName: rest.join(" ") || "User",
    gender: "MALE",
    birthDate: "1990-01-01",
    nationality: "IQ",
    avatar: "https://sandbox.invalid/avatar.png",
    email: `${userId}@sandbox.invalid`,
    spentDay: "",
    spentToday: 0n,
    createdAt: clock.nowMs(),
  });
}

/** A user the pages and the control API may name before anyone created it. */
export function ensureUser(
  store: SandboxStore,
  clock: SandboxClock,
  settings: Settings,
  userId: string,
): User {
  return store.get("user", userId) ?? upsertUser(store, clock, settings, { userId });
}

/** Account-level refusals: checked whenever the user is about to pay. */
export function accountRejection(user: User): WalletResult | undefined {
  if (user.persona === "restricted") return failed("USER_STATUS_ABNORMAL", "the user account is restricted");
  if (user.persona === "risk") return failed("RISK_REJECT", "the payment was blocked by the risk engine");
  return undefined;
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function spentToday(user: User, nowMs: number): bigint {
  return user.spentDay === dayOf(nowMs) ? user.spentToday : 0n;
}

/** Funds-level refusals: daily limit, then balance. */
export function fundsRejection(
  user: User,
  amount: bigint,
  settings: Settings,
  nowMs: number,
): WalletResult | undefined {
  const limit = user.persona === "daily_limit" ? PERSONA_DAILY_LIMIT_FILS : settings.userDailyLimit;
  if (spentToday(user, nowMs) + amount > limit) {
    return failed("USER_AMOUNT_EXCEED_LIMIT", "the amount exceeds the user's daily limit");
  }
  if (user.balance < amount) return failed("USER_BALANCE_NOT_ENOUGH", "the user balance is insufficient");
  return undefined;
}

export function debit(store: SandboxStore, user: User, amount: bigint, nowMs: number): void {
  const day = dayOf(nowMs);
  user.spentToday = spentToday(user, nowMs) + amount;
  user.spentDay = day;
  user.balance -= amount;
  store.save("user", user);
}

export function credit(store: SandboxStore, userId: string | undefined, amount: bigint): void {
  const user = userId ? store.get("user", userId) : undefined;
  if (!user || amount <= 0n) return;
  user.balance += amount;
  store.save("user", user);
}
