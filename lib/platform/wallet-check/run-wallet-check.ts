// `npm run wallet:check`: the pre-flight check against the configured wallet, before customers meet
// it. Two signed calls that change nothing (probe-wallet.ts), judged line by line (judge-wallet.ts),
// then our notification routes at PUBLIC_BASE_URL (check-notify-routes.ts).
import type { Env } from "@/lib/platform/env";
import type { WalletTransport } from "@/lib/wallet/transport";
import { checkNotifyRoutes } from "./check-notify-routes";
import { type CheckLine, judgeWalletAnswers } from "./judge-wallet";
import { probeWallet, walletSettingsOf } from "./probe-wallet";

export interface WalletCheckReport {
  lines: CheckLine[];
  /** No line failed (warnings allowed). */
  passed: boolean;
}

export async function runWalletCheck(
  env: Env,
  options: { transport?: WalletTransport; fetchImpl?: typeof fetch } = {},
): Promise<WalletCheckReport> {
  const settings = walletSettingsOf(env);
  const timeoutMs = env.wallet.timeoutsMs.inquiry;
  const answers = [
    await probeWallet(settings, "inquiryMerchantInfo", { timeoutMs, transport: options.transport }),
    await probeWallet(settings, "inquiryPayment", { timeoutMs, transport: options.transport }),
  ];
  const lines = [
    ...judgeWalletAnswers(settings, answers),
    ...(await checkNotifyRoutes(env.publicBaseUrl, {
      walletIsLocal: isLocalWallet(env.wallet.baseUrl),
      isProduction: env.isProduction,
      fetchImpl: options.fetchImpl,
    })),
  ];
  return { lines, passed: lines.every((line) => line.verdict !== "fail") };
}

/** A wallet on this machine (the sandbox) reaches a loopback PUBLIC_BASE_URL as well as we do. */
function isLocalWallet(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}

const LABELS = { pass: "PASS", warn: "WARN", fail: "FAIL", skip: "----" } as const;

/** Plain lines: the verdict, what was checked and what was found; for a problem, what to do. */
export function formatWalletCheck(report: WalletCheckReport): string {
  const width = Math.max(...report.lines.map((line) => line.check.length));
  const out: string[] = [];
  for (const line of report.lines) {
    out.push(`${LABELS[line.verdict]}  ${line.check.padEnd(width)}  ${line.says}`);
    if (line.fix) out.push(`${" ".repeat(width + 8)}→ ${line.fix}`);
  }
  const failed = report.lines.filter((line) => line.verdict === "fail").length;
  out.push("", report.passed ? "The wallet accepts this configuration." : `${failed} check(s) failed.`);
  return out.join("\n");
}
