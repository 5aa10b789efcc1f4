// Signed calls that change nothing at the wallet, made to learn whether it accepts us: what it
// answered, whether its answer verifies with the key we hold, and how far its clock is from ours.
// No breaker, no wallet-call log, no retry: a pre-flight check reports exactly one exchange per call.
import { type KeyObject, randomBytes } from "node:crypto";
import type { Env } from "@/lib/platform/env";
import { RequestSender, requestUrl } from "@/lib/wallet/request-sender";
import { parseWalletTime, verifySignedMessage } from "@/lib/wallet/signature";
import type { WalletTransport } from "@/lib/wallet/transport";

export interface WalletSettings {
  baseUrl: string;
  clientId: string;
  keyVersion: string;
  privateKey: KeyObject;
  walletPublicKey: KeyObject | undefined;
  urlEncodeSignature?: boolean;
}

/** The wallet settings of this process. */
export function walletSettingsOf(env: Env): WalletSettings {
  return {
    baseUrl: env.wallet.baseUrl,
    clientId: env.wallet.clientId,
    keyVersion: env.wallet.keyVersion,
    privateKey: env.wallet.privateKey,
    walletPublicKey: env.wallet.publicKey,
    urlEncodeSignature: env.wallet.urlEncodeSignature,
  };
}

/** The harmless calls: each is answered only after the wallet has checked who is asking. */
const PROBE_CALLS = {
  // No customer's token is involved: a made-up one is refused (INVALID_ACCESS_TOKEN) once the
  // Client-Id and signature have passed.
  inquiryMerchantInfo: () => ({
    path: "/v1/merchants/inquiryMerchantInfo",
    body: { accessToken: `wallet-check-${randomBytes(8).toString("hex")}` },
  }),
  // A payment that never existed: ORDER_NOT_EXIST, after the same checks.
  inquiryPayment: () => ({
    path: "/v1/payments/inquiryPayment",
    body: { paymentId: `wallet-check-${randomBytes(8).toString("hex")}` },
  }),
} as const;

export type ProbeCall = keyof typeof PROBE_CALLS;

export interface ProbeAnswer {
  call: ProbeCall;
  /** Set when nothing came back: a timeout or a network error. */
  transportError?: string;
  httpStatus?: number;
  /** The wallet's `result`, when the answer was JSON with one. */
  result?: { resultStatus: string; resultCode: string; resultMessage: string };
  /** Whether the answer's signature verifies with our copy of the wallet's key (clock aside). */
  responseSignature: "valid" | "invalid" | "missing" | "no-key";
  /**
   * The wallet's Response-Time minus our clock at the middle of the exchange, in ms; undefined when
   * the answer carries no readable Response-Time.
   */
  clockOffsetMs?: number;
  durationMs: number;
}

export async function probeWallet(
  settings: WalletSettings,
  call: ProbeCall,
  options: { timeoutMs?: number; transport?: WalletTransport } = {},
): Promise<ProbeAnswer> {
  const sender = new RequestSender({
    baseUrl: settings.baseUrl,
    clientId: settings.clientId,
    privateKey: settings.privateKey,
    keyVersion: settings.keyVersion,
    urlEncodeSignature: settings.urlEncodeSignature,
    transport: options.transport,
  });
  const { path, body } = PROBE_CALLS[call]();
  const raw = await sender.sendRaw(path, JSON.stringify(body), options.timeoutMs ?? 5_000);
  const answer: ProbeAnswer = { call, responseSignature: "missing", durationMs: Math.round(raw.durationMs) };
  if (raw.transportError) {
    return { ...answer, transportError: `${raw.transportError}: ${raw.transportMessage ?? "no answer"}` };
  }
  answer.httpStatus = raw.httpStatus;
  answer.result = resultOf(raw.bodyText);
  const headers = raw.headers ?? {};
  const responseTime = parseWalletTime(headers["response-time"] ?? "");
  if (responseTime) {
    const middle = raw.startedAt.getTime() + raw.durationMs / 2;
    answer.clockOffsetMs = Math.round(responseTime.getTime() - middle);
  }
  // Signed over the path the wallet saw, with a base address's path prefix.
  const signedPath = requestUrl(settings.baseUrl, path).pathname;
  answer.responseSignature = checkSignature(settings, signedPath, headers, raw.bodyText);
  return answer;
}

function resultOf(bodyText: string | undefined): ProbeAnswer["result"] {
  try {
    const result = (JSON.parse(bodyText ?? "") as { result?: Record<string, unknown> }).result;
    if (typeof result?.resultCode !== "string" || typeof result.resultStatus !== "string") return undefined;
    return {
      resultStatus: result.resultStatus,
      resultCode: result.resultCode,
      resultMessage: typeof result.resultMessage === "string" ? result.resultMessage : "",
    };
  } catch {
    return undefined;
  }
}

/** Judged at the answer's own Response-Time: a clock difference is reported apart, not as a bad key. */
function checkSignature(
  settings: WalletSettings,
  path: string,
  headers: Record<string, string>,
  bodyText: string | undefined,
): ProbeAnswer["responseSignature"] {
  if (!settings.walletPublicKey) return "no-key";
  if (!headers.signature) return "missing";
  const time = headers["response-time"] ?? "";
  const verdict = verifySignedMessage(
    {
      method: "POST",
      path,
      clientId: headers["client-id"] ?? settings.clientId,
      time,
      body: bodyText ?? "",
      signatureHeader: headers.signature,
    },
    settings.walletPublicKey,
    { now: parseWalletTime(time) ?? new Date() },
  );
  return verdict.ok ? "valid" : "invalid";
}
