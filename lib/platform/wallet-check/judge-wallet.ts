// What the wallet's answers to the probe calls say about our configuration, one line per setting,
// each with what to do when it fails. Pure: the answers come from probe-wallet.ts.
import type { DependencyState } from "@/lib/platform/health/check-health";
import { DEFAULT_MAX_SKEW_MS } from "@/lib/wallet/signature";
import type { ProbeAnswer } from "./probe-wallet";

type Verdict = "pass" | "warn" | "fail" | "skip";

export interface CheckLine {
  /** What is checked, as the output names it. */
  check: string;
  verdict: Verdict;
  says: string;
  /** What to do, for a warning or a failure. */
  fix?: string;
}

export interface JudgedSettings {
  baseUrl: string;
  clientId: string;
  keyVersion: string;
}

/** A clock this far off is worth a warning before it becomes a refusal. */
const CLOCK_WARNING_MS = 30_000;

/** The codes with which a wallet refuses the caller rather than the request. */
const REFUSES_CALLER = new Set(["INVALID_CLIENT", "INVALID_SIGNATURE"]);

export const CHECKS = {
  reachable: "Wallet reachable",
  format: "Answers as the wallet",
  clock: "Clock in step with the wallet's",
  clientId: "Client-Id (WALLET_CLIENT_ID)",
  keyVersion: "Key version (WALLET_KEY_VERSION)",
  signature: "Our signature (MERCHANT_PRIVATE_KEY)",
  walletKey: "Wallet's signature (WALLET_PUBLIC_KEY)",
} as const;

export function judgeWalletAnswers(settings: JudgedSettings, answers: readonly ProbeAnswer[]): CheckLine[] {
  const answered = answers.filter((answer) => !answer.transportError);
  if (answered.length === 0) {
    const error = answers[0]?.transportError ?? "no call made";
    return [
      line(CHECKS.reachable, "fail", `no answer from ${settings.baseUrl} (${error})`, FIX.reachable),
      ...skipped(["format", "clock", "clientId", "keyVersion", "signature", "walletKey"], "no answer"),
    ];
  }
  const lines = [line(CHECKS.reachable, "pass", `${settings.baseUrl} answers`)];
  const first = answered.find((answer) => answer.result);
  if (!first?.result) {
    const status = answered[0]?.httpStatus;
    lines.push(line(CHECKS.format, "fail", `HTTP ${status} without a wallet result`, FIX.format));
    return [
      ...lines,
      ...skipped(["clock", "clientId", "keyVersion", "signature", "walletKey"], "not a wallet answer"),
    ];
  }
  const { result } = first;
  lines.push(
    line(CHECKS.format, "pass", `${first.call} answered ${result.resultStatus} ${result.resultCode}`),
  );

  const clock = judgeClock(first.clockOffsetMs);
  lines.push(clock);
  lines.push(...judgeCaller(settings, result, clock.verdict === "fail"));
  lines.push(judgeWalletKey(first.responseSignature));
  return lines;
}

function judgeClock(offsetMs: number | undefined): CheckLine {
  if (offsetMs === undefined) {
    return line(CHECKS.clock, "warn", "the answer has no Response-Time to compare with", FIX.clock);
  }
  const how = `${describeDuration(Math.abs(offsetMs))} ${offsetMs > 0 ? "behind" : "ahead of"} the wallet's`;
  if (Math.abs(offsetMs) >= DEFAULT_MAX_SKEW_MS) {
    return line(
      CHECKS.clock,
      "fail",
      `this machine's clock is ${how}: the wallet refuses requests 5 min off`,
      FIX.clock,
    );
  }
  if (Math.abs(offsetMs) >= CLOCK_WARNING_MS)
    return line(CHECKS.clock, "warn", `this machine's clock is ${how}`, FIX.clock);
  return line(CHECKS.clock, "pass", `the clocks agree within ${describeDuration(Math.abs(offsetMs))}`);
}

function judgeCaller(
  settings: JudgedSettings,
  result: NonNullable<ProbeAnswer["result"]>,
  clockFailed: boolean,
): CheckLine[] {
  const { resultCode, resultMessage } = result;
  const refusal = resultMessage ? `${resultCode}: ${resultMessage}` : resultCode;
  if (resultCode === "INVALID_CLIENT") {
    return [
      line(
        CHECKS.clientId,
        "fail",
        `the wallet does not know ${settings.clientId} (${refusal})`,
        FIX.clientId,
      ),
      ...skipped(["keyVersion", "signature"], "the Client-Id is refused first"),
    ];
  }
  const clientId = line(CHECKS.clientId, "pass", `${settings.clientId} is known to the wallet`);
  if (resultCode !== "INVALID_SIGNATURE") {
    return [
      clientId,
      line(CHECKS.keyVersion, "pass", `keyVersion ${settings.keyVersion} is registered`),
      line(CHECKS.signature, "pass", `the wallet verified our signature (then answered ${resultCode})`),
    ];
  }
  if (clockFailed)
    return [
      clientId,
      ...skipped(["keyVersion", "signature"], "the wallet refuses any request this far off in time"),
    ];
  // Wallets of this family say when the version itself is unknown; otherwise the key is the suspect.
  if (/key\s*version/i.test(resultMessage)) {
    return [
      clientId,
      line(
        CHECKS.keyVersion,
        "fail",
        `keyVersion ${settings.keyVersion} refused (${refusal})`,
        FIX.keyVersion,
      ),
      ...skipped(["signature"], "the key version is refused first"),
    ];
  }
  return [
    clientId,
    line(CHECKS.keyVersion, "skip", `not told apart: the wallet refused the signature (${refusal})`),
    line(CHECKS.signature, "fail", `the wallet refused our signature (${refusal})`, FIX.signature(settings)),
  ];
}

function judgeWalletKey(signature: ProbeAnswer["responseSignature"]): CheckLine {
  switch (signature) {
    case "valid":
      return line(CHECKS.walletKey, "pass", "the wallet's answer verifies with WALLET_PUBLIC_KEY");
    case "invalid":
      return line(
        CHECKS.walletKey,
        "fail",
        "the wallet's answer does not verify with WALLET_PUBLIC_KEY",
        FIX.walletKey,
      );
    case "missing":
      return line(
        CHECKS.walletKey,
        "warn",
        "the wallet did not sign this (error) answer; its successes are always checked",
        "Nothing to do unless payments stay unknown: then compare WALLET_PUBLIC_KEY with the one from onboarding.",
      );
    case "no-key":
      return line(CHECKS.walletKey, "fail", "WALLET_PUBLIC_KEY is not set", FIX.walletKey);
  }
}

const FIX = {
  reachable:
    "Check WALLET_BASE_URL, and that this server may reach it: DNS, egress firewall, an IP allowlist at the wallet.",
  format:
    "WALLET_BASE_URL must be the wallet gateway's address, including any path prefix it has (e.g. https://gateway.example/api).",
  clock: "Synchronise this machine's clock (NTP: `timedatectl set-ntp true`, or your host's time service).",
  clientId:
    "Set WALLET_CLIENT_ID to the Client-Id from onboarding for this environment: UAT and production have different ones.",
  keyVersion: "Set WALLET_KEY_VERSION to the version under which the wallet registered your public key.",
  signature: (settings: JudgedSettings) =>
    `The public key registered under keyVersion ${settings.keyVersion} must be MERCHANT_PRIVATE_KEY's ` +
    "(`openssl pkey -in merchant-private.pem -pubout`): register it, or deploy the matching private key.",
  walletKey:
    "Set WALLET_PUBLIC_KEY_FILE to the wallet's public key for this environment; without it every notification is refused and payments stay unknown.",
};

function line(check: string, verdict: Verdict, says: string, fix?: string): CheckLine {
  return fix && verdict !== "pass" && verdict !== "skip"
    ? { check, verdict, says, fix }
    : { check, verdict, says };
}

function skipped(names: (keyof typeof CHECKS)[], why: string): CheckLine[] {
  return names.map((name) => line(CHECKS[name], "skip", `not judged: ${why}`));
}

/** "4 min 12 s", "850 ms": how far apart two clocks are, for people. */
function describeDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
}

/** The readiness probe's word for the wallet: whether it accepts us, not merely whether it answers. */
export function walletStateOf(answer: ProbeAnswer): { state: DependencyState; reason?: string } {
  if (answer.transportError) return { state: "unreachable", reason: answer.transportError };
  if (!answer.result)
    return { state: "misconfigured", reason: `HTTP ${answer.httpStatus} without a wallet result` };
  if (REFUSES_CALLER.has(answer.result.resultCode)) {
    return { state: "misconfigured", reason: `${answer.result.resultCode}: ${answer.result.resultMessage}` };
  }
  if (answer.responseSignature === "invalid" || answer.responseSignature === "no-key") {
    return { state: "misconfigured", reason: "the wallet's answers do not verify with WALLET_PUBLIC_KEY" };
  }
  return { state: "ok" };
}
