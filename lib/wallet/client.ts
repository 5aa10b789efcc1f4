// The signed wallet client: one typed method per operation of the wallet interface.
//
//   const wallet = createWalletClient({ baseUrl, clientId, privateKey, keyVersion: 1 });
//   const outcome = await wallet.pay({ productCode: PRODUCT_CODES.CASHIER, ... });
//   switch (outcome.status) { case "A": ...; case "S": ...; case "F": ...; case "U": ... }
//
// Requests are checked against the spec's limits before anything is sent; answers come back as one of
// the four outcomes (see outcome.ts). The client has no database access and keeps no state.
import type { KeyObject } from "node:crypto";
import type { WalletCircuitBreaker } from "./circuit-breaker";
import { OPERATIONS, type OperationName, type OperationRequest, type OperationResponse } from "./operations";
import { type WalletOutcome, WalletRequestInvalidError } from "./outcome";
import { RequestSender, type RequestSenderOptions } from "./request-sender";
import { loadPrivateKey, loadPublicKey } from "./signature";

interface WalletTimeouts {
  /** Our decision (docs/wallet-interface.md, "Result statuses"): pay 8 s. */
  pay: number;
  /** Inquiries 5 s (they resolve unknowns, and must not pile up). */
  inquiry: number;
  /** Everything else 8 s. */
  default: number;
}

export const DEFAULT_TIMEOUTS: WalletTimeouts = { pay: 8_000, inquiry: 5_000, default: 8_000 };

export interface WalletClientOptions
  extends Omit<RequestSenderOptions, "privateKey" | "walletPublicKey" | "onExchange"> {
  privateKey: KeyObject | string;
  walletPublicKey?: KeyObject | string | undefined;
  timeoutsMs?: Partial<WalletTimeouts>;
  /** The wallet does not document the contract-preparation path (docs/wallet-interface.md, prepare). */
  preparePath?: string;
  hooks?: { onExchange?: RequestSenderOptions["onExchange"] };
}

export interface CallOptions {
  /**
   * Send up to this many times in total while the outcome is U, with the very same body and ids,
   * waiting longer before each retry (RETRY_BACKOFF_MS). Default 1: no retry.
   */
  attempts?: number;
  timeoutMs?: number;
}

type OperationMethod<N extends OperationName> = (
  request: OperationRequest<N>,
  options?: CallOptions,
) => Promise<WalletOutcome<OperationResponse<N>>>;

export type WalletClient = { [N in OperationName]: OperationMethod<N> } & {
  readonly clientId: string;
  readonly baseUrl: string;
  /** The circuit breaker in front of this wallet, when the client has one (for health and metrics). */
  readonly breaker?: WalletCircuitBreaker | undefined;
};

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeoutsMs };
  const sender = new RequestSender({
    ...options,
    privateKey:
      typeof options.privateKey === "string" ? loadPrivateKey(options.privateKey) : options.privateKey,
    walletPublicKey:
      typeof options.walletPublicKey === "string"
        ? loadPublicKey(options.walletPublicKey)
        : options.walletPublicKey,
    onExchange: options.hooks?.onExchange,
  });

  function operation<N extends OperationName>(name: N): OperationMethod<N> {
    const definition = OPERATIONS[name];
    const path = name === "prepare" && options.preparePath ? options.preparePath : definition.path;
    return async (request, callOptions = {}) => {
      const parsed = definition.request.safeParse(request);
      if (!parsed.success) {
        throw new WalletRequestInvalidError(
          name,
          parsed.error.issues.map((issue) => ({
            field: issue.path.join(".") || "(request)",
            message: issue.message,
          })),
        );
      }
      const body = parsed.data as Record<string, unknown>;
      const keyField = definition.idempotencyField;
      return sender.send({
        operation: name,
        path,
        body,
        timeoutMs: callOptions.timeoutMs ?? timeouts[definition.timeout],
        responseSchema: definition.response,
        successSchema: definition.success,
        requestKey: keyField ? (body[keyField] as string | undefined) : undefined,
        attempts: callOptions.attempts,
      }) as Promise<WalletOutcome<OperationResponse<N>>>;
    };
  }

  return {
    clientId: options.clientId,
    baseUrl: options.baseUrl,
    breaker: options.breaker,
    applyToken: operation("applyToken"),
    inquiryUserInfo: operation("inquiryUserInfo"),
    inquiryMerchantInfo: operation("inquiryMerchantInfo"),
    pay: operation("pay"),
    merchantAccept: operation("merchantAccept"),
    confirm: operation("confirm"),
    cancel: operation("cancel"),
    void: operation("void"),
    refund: operation("refund"),
    inquiryPayment: operation("inquiryPayment"),
    inquiryRefund: operation("inquiryRefund"),
    sendPush: operation("sendPush"),
    prepare: operation("prepare"),
  };
}
