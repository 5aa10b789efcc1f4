// The one place that talks HTTP to the wallet: signs every attempt, applies the timeout, verifies
// the answer's signature, classifies it and reports the exchange. In the style of stripe-node's
// RequestSender. No retries of its own: a caller that wants one passes `attempts`, and every attempt
// sends the very same body (same request ids), as the spec's Errors section requires, after a
// growing pause with jitter so a struggling wallet is not hammered. With a circuit breaker, an attempt
// may be refused before anything is sent (a U, CIRCUIT_OPEN), and then no further attempt is made.
import type { KeyObject } from "node:crypto";
import type { z } from "zod";
import { REFUSED, type WalletCircuitBreaker } from "./circuit-breaker";
import { type Classified, classifyAnswer, type SignatureCheck } from "./classify";
import type { WalletExchange, WalletOutcome } from "./outcome";
import { redactWireBody } from "./redact";
import { formatWalletTime, JSON_CONTENT_TYPE, signMessageOffLoop, verifySignedMessage } from "./signature";
import { defaultTransport, type WalletTransport, WalletTransportError } from "./transport";

interface WalletLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface RequestSenderOptions {
  baseUrl: string;
  clientId: string;
  privateKey: KeyObject;
  keyVersion: string | number;
  /** When set, S and A answers must carry a valid wallet signature to be believed. */
  walletPublicKey?: KeyObject | undefined;
  /** Gateways of the Antom family expect the signature URL-encoded in the header. */
  urlEncodeSignature?: boolean;
  /** How requests travel (transport.ts). Default: undici over a keep-alive pool shared by the process. */
  transport?: WalletTransport;
  logger?: WalletLogger;
  /** Called for every attempt, including ones the circuit breaker refused (`sent: false`). */
  onExchange?: (exchange: WalletExchange) => void | Promise<void>;
  /** Fails calls fast while the wallet is not answering (circuit-breaker.ts). None: every call is sent. */
  breaker?: WalletCircuitBreaker | undefined;
  now?: () => Date;
  /** Pause before retry n (1-based); tests shorten it. Default: retryBackoffMs. */
  retryDelayMs?: (retry: number) => number;
}

/** 200 ms, 400 ms, 800 ms, ... capped at 5 s, each with up to 50 % jitter. */
export function retryBackoffMs(retry: number): number {
  const base = Math.min(5_000, 200 * 2 ** (retry - 1));
  return Math.round(base * (0.5 + Math.random() * 0.5));
}

/** Answers the wallet gives while work is still under way: expected, not alarming. */
const IN_PROCESS_CODES = new Set(["REFUND_IN_PROCESS"]);

export interface SendOptions<T> {
  operation: string;
  path: string;
  body: unknown;
  timeoutMs: number;
  responseSchema: z.ZodType<T>;
  successSchema?: z.ZodType | undefined;
  requestKey?: string | undefined;
  /** Total attempts while the outcome stays U (default 1: no retry). */
  attempts?: number;
}

export interface RawSendResult {
  httpStatus: number | undefined;
  /** Lower-case names (transport.ts). */
  headers: Record<string, string> | undefined;
  bodyText: string | undefined;
  transportError: "TIMEOUT" | "NETWORK" | undefined;
  transportMessage: string | undefined;
  signature: SignatureCheck;
  requestTime: string;
  startedAt: Date;
  durationMs: number;
}

export class RequestSender {
  private readonly transport: WalletTransport;
  private readonly now: () => Date;

  constructor(private readonly options: RequestSenderOptions) {
    this.transport = options.transport ?? defaultTransport();
    this.now = options.now ?? (() => new Date());
  }

  async send<T>(options: SendOptions<T>): Promise<WalletOutcome<T>> {
    // Serialized once: the bytes signed are the bytes sent, on every attempt.
    const bodyText = JSON.stringify(options.body);
    const attempts = Math.max(1, options.attempts ?? 1);
    let outcome: WalletOutcome<T> | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep((this.options.retryDelayMs ?? retryBackoffMs)(attempt - 1));
      const exchanged = await this.exchange(options, bodyText);
      if (exchanged === REFUSED) {
        // Retrying now would be refused too: the caller settles it later, like any U.
        outcome = await this.refused(options, attempt);
        break;
      }
      outcome = await this.finish(options, exchanged.raw, exchanged.classified, attempt);
      if (outcome.status !== "U") break;
    }
    return outcome as WalletOutcome<T>;
  }

  /** One round trip, through the circuit breaker when there is one. */
  private exchange<T>(options: SendOptions<T>, bodyText: string) {
    const roundTrip = async () => {
      const raw = await this.sendRaw(options.path, bodyText, options.timeoutMs);
      const classified = classifyAnswer(raw, options.responseSchema, options.successSchema);
      return { raw, classified, status: classified.status, unknownCause: unknownCauseOf(classified) };
    };
    return this.options.breaker ? this.options.breaker.run(roundTrip) : roundTrip();
  }

  /** A U for a call the breaker refused: nothing was sent, so the wallet knows nothing of it. */
  private async refused<T>(options: SendOptions<T>, attempt: number): Promise<WalletOutcome<T>> {
    const resultMessage = "not sent: the wallet has not been answering (circuit breaker open)";
    const exchange: WalletExchange = {
      operation: options.operation,
      method: "POST",
      path: options.path,
      requestKey: options.requestKey,
      requestTime: formatWalletTime(this.now()),
      requestBody: redactWireBody(options.body),
      httpStatus: undefined,
      responseBody: undefined,
      startedAt: new Date(),
      durationMs: 0,
      status: "U",
      resultCode: "UNKNOWN_EXCEPTION",
      unknownCause: "CIRCUIT_OPEN",
      errorMessage: resultMessage,
      attempt,
      sent: false,
    };
    this.options.logger?.info(
      { operation: options.operation, requestKey: options.requestKey, unknownCause: "CIRCUIT_OPEN" },
      "wallet call not sent: circuit breaker open",
    );
    await this.options.onExchange?.(exchange);
    return {
      status: "U",
      resultCode: exchange.resultCode,
      resultMessage,
      unknownCause: "CIRCUIT_OPEN",
      data: undefined,
      exchange,
    };
  }

  /** Signs and posts a body as it is. Used by `send` and by conformance tests. */
  async sendRaw(operationPath: string, bodyText: string, timeoutMs: number): Promise<RawSendResult> {
    // A base address may carry a path prefix (`https://host/gateway`): the request path, and so the
    // signed path, is then `/gateway/v1/...`, exactly what the wallet's server sees.
    const url = requestUrl(this.options.baseUrl, operationPath);
    const path = url.pathname;
    const requestTime = formatWalletTime(this.now());
    // Off the event loop: an RSA signature is ~0.7 ms of CPU that other requests would wait behind.
    const signature = await signMessageOffLoop(
      { method: "POST", path, clientId: this.options.clientId, time: requestTime, body: bodyText },
      this.options.privateKey,
      this.options.keyVersion,
      this.options.urlEncodeSignature,
    );
    const startedAt = new Date();
    const started = performance.now();
    const base: Omit<RawSendResult, "durationMs"> = {
      httpStatus: undefined,
      headers: undefined,
      bodyText: undefined,
      transportError: undefined,
      transportMessage: undefined,
      signature: "not-checked",
      requestTime,
      startedAt,
    };
    try {
      const answer = await this.transport({
        url,
        headers: {
          "Content-Type": JSON_CONTENT_TYPE,
          "Client-Id": this.options.clientId,
          "Request-Time": requestTime,
          Signature: signature,
        },
        body: bodyText,
        timeoutMs,
      });
      return {
        ...base,
        httpStatus: answer.status,
        headers: answer.headers,
        bodyText: answer.bodyText,
        signature: this.checkAnswerSignature(path, answer.headers, answer.bodyText),
        durationMs: performance.now() - started,
      };
    } catch (error) {
      // A transport of a test may throw anything: whatever it is, nothing usable came back.
      return {
        ...base,
        transportError: error instanceof WalletTransportError ? error.kind : "NETWORK",
        transportMessage: error instanceof Error ? error.message : String(error),
        durationMs: performance.now() - started,
      };
    }
  }

  private checkAnswerSignature(
    path: string,
    headers: Record<string, string>,
    bodyText: string,
  ): SignatureCheck {
    const key = this.options.walletPublicKey;
    if (!key) return "not-checked";
    const verdict = verifySignedMessage(
      {
        method: "POST",
        path,
        clientId: headers["client-id"] ?? this.options.clientId,
        time: headers["response-time"] ?? "",
        body: bodyText,
        signatureHeader: headers.signature,
      },
      key,
      { now: this.now() },
    );
    if (verdict.ok) return "valid";
    return verdict.reason === "MISSING_SIGNATURE" ? "missing" : "invalid";
  }

  private async finish<T>(
    options: SendOptions<T>,
    raw: RawSendResult,
    classified: Classified<T>,
    attempt: number,
  ): Promise<WalletOutcome<T>> {
    const exchange: WalletExchange = {
      operation: options.operation,
      method: "POST",
      path: options.path,
      requestKey: options.requestKey,
      requestTime: raw.requestTime,
      requestBody: redactWireBody(options.body),
      httpStatus: raw.httpStatus,
      responseBody: redactWireBody(parseForLog(raw.bodyText)),
      startedAt: raw.startedAt,
      durationMs: Math.round(raw.durationMs),
      status: classified.status,
      resultCode: classified.resultCode,
      unknownCause: classified.status === "U" ? classified.unknownCause : undefined,
      errorMessage: classified.status === "U" ? classified.resultMessage : undefined,
      attempt,
      sent: true,
    };
    const logFields = {
      operation: exchange.operation,
      requestKey: exchange.requestKey,
      status: exchange.status,
      resultCode: exchange.resultCode,
      httpStatus: exchange.httpStatus,
      durationMs: exchange.durationMs,
      attempt,
    };
    if (classified.status === "U" && classified.unknownCause === "UNVERIFIED_SIGNATURE") {
      this.options.logger?.warn(
        { ...logFields, security: true },
        "wallet answer signature did not verify; treated as unknown",
      );
    } else if (classified.status === "U" && !IN_PROCESS_CODES.has(classified.resultCode)) {
      this.options.logger?.warn(
        { ...logFields, unknownCause: classified.unknownCause },
        "wallet outcome unknown",
      );
    } else {
      this.options.logger?.info(logFields, "wallet call");
    }
    await this.options.onExchange?.(exchange);
    return { ...classified, exchange } as WalletOutcome<T>;
  }
}

function unknownCauseOf(classified: Classified<unknown>) {
  return classified.status === "U" ? classified.unknownCause : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function requestUrl(baseUrl: string, operationPath: string): URL {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  return new URL(`${prefix}${operationPath}`, base.origin);
}

// Bodies are logged as parsed JSON where possible; anything else is kept short.
function parseForLog(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { unparsedBody: text.slice(0, 512) };
  }
}
