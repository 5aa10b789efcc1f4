// POST /v1/payments/pay: cashier, auth-capture and escrow answer A with the cashier URL; agreement
// charges the agreement holder synchronously (S or F). Idempotent on paymentRequestId (spec, pay
// rules 3–4): a final answer is replayed, a different payload is REPEAT_REQ_INCONSISTENT.

import type { z } from "zod";
import { payRequest } from "@/lib/wallet/operations";
import { flowOfProductCode, type ProductFlow } from "@/lib/wallet/product-codes";
import { parseWalletTime } from "@/lib/wallet/signature";
import type { OperationContext } from "../context";
import { addTransaction, chargeAgreement, closeIfExpired } from "../domain/payments";
import { AGREEMENT_SCOPE } from "../domain/scopes";
import { accountRejection } from "../domain/users";
import { newId } from "../ids";
import type { Payment, WalletResult } from "../store/entities";
import { scopedKey } from "../store/store";
import { walletTime } from "../wire/fields";
import { aliasOf } from "./field-aliases";
import {
  accepted,
  fail,
  failed,
  fingerprint,
  parseRequest,
  success,
  unknownResult,
  WalletFailure,
} from "./results";
import type { OperationHandler, ResponseBody } from "./types";

type PayRequest = z.output<typeof payRequest>;

export const pay: OperationHandler = {
  name: "pay",
  appliesOwnLatency: true,
  async handle(ctx, body) {
    const request = parseRequest(payRequest, body);
    const flow = flowOfProductCode(request.productCode);
    if (!flow) throw fail("PARAM_ILLEGAL", "productCode is not a product code of this wallet");
    const key = scopedKey(ctx.merchant.clientId, request.paymentRequestId);
    // Two calls with one paymentRequestId at the same time: the second learns the first is running.
    return ctx.locks.run(
      `pay\n${key}`,
      ctx.settings().operationLatencyMs,
      () => processPay(ctx, request, flow, key),
      () =>
        new WalletFailure(
          unknownResult("PAYMENT_IN_PROCESS", "a payment with this paymentRequestId is processing"),
        ),
    );
  },
};

function processPay(
  ctx: OperationContext,
  request: PayRequest,
  flow: ProductFlow,
  key: string,
): ResponseBody {
  const print = fingerprint(request);
  const existing = ctx.store.paymentsByRequestId.get(key);
  if (existing) {
    if (existing.fingerprint !== print) {
      throw fail("REPEAT_REQ_INCONSISTENT", "this paymentRequestId was used with a different payload");
    }
    return replay(ctx, existing);
  }
  checkNotifyUrls(ctx, request);

  const now = ctx.clock.nowMs();
  const settings = ctx.settings();
  const amount = BigInt(request.paymentAmount.value);
  if (amount <= 0n) throw fail("PARAM_ILLEGAL", "paymentAmount.value must be greater than zero");
  const expiry = request.paymentExpiryTime ? parseWalletTime(request.paymentExpiryTime) : null;
  if (request.paymentExpiryTime && !expiry)
    throw fail("PARAM_ILLEGAL", "paymentExpiryTime is not a valid time");

  const payment: Payment = {
    paymentId: newId("pay_", 12),
    clientId: ctx.merchant.clientId,
    paymentRequestId: request.paymentRequestId,
    fingerprint: print,
    flow,
    productCode: request.productCode,
    amount,
    currency: request.paymentAmount.currency,
    orderDescription: request.order.orderDescription,
    referenceBuyerId: request.order.buyer?.referenceBuyerId,
    paymentNotifyUrl: request.paymentNotifyUrl,
    voidNotifyUrl: request.voidNotifyUrl,
    paymentRedirectUrl: request.paymentRedirectUrl,
    extendInfo: request.extendInfo,
    status: "PROCESSING",
    payResult: accepted(),
    createdAt: now,
    voidedAmount: 0n,
    refundedAmount: 0n,
    transactions: [],
  };

  // Business refusals are final answers: stored as a FAIL payment so a repeat replays them and
  // inquiryPayment by paymentRequestId can resolve a lost answer.
  const refusal = partnerRefusal(ctx) ?? amountRefusal(ctx, payment) ?? buyerRefusal(ctx, payment, request);
  if (refusal) return rejectPayment(ctx, payment, refusal);

  addTransaction(payment, "PAY", "PROCESSING", amount, now);
  if (flow === "AGREEMENT") {
    if (ctx.fault === "PAYMENT_IN_PROCESS") {
      payment.payResult = unknownResult("PAYMENT_IN_PROCESS", "the payment is processing");
      payment.completesAt = now + settings.paymentInProcessSeconds * 1000;
      ctx.store.save("payment", payment);
      return { result: payment.payResult, paymentId: payment.paymentId };
    }
    ctx.store.save("payment", payment);
    payment.payResult = chargeAgreement(ctx, payment);
    ctx.store.save("payment", payment);
    return payResponse(ctx, payment, payment.payResult);
  }

  payment.expiresAt = expiry ? expiry.getTime() : now + settings.defaultPaymentExpirySeconds * 1000;
  if (flow === "ESCROW") payment.escrowStage = "AWAITING_PAYMENT";
  if (ctx.fault === "PAYMENT_IN_PROCESS") {
    // The payment exists and waits at the cashier; repeating the same pay returns its A answer.
    payment.payResult = unknownResult("PAYMENT_IN_PROCESS", "the payment is processing");
    ctx.store.save("payment", payment);
    return { result: payment.payResult, paymentId: payment.paymentId };
  }
  ctx.store.save("payment", payment);
  return payResponse(ctx, payment, payment.payResult);
}

function payResponse(ctx: OperationContext, payment: Payment, result: WalletResult): ResponseBody {
  if (result.resultStatus === "A") {
    const redirectionUrl = `${ctx.baseUrl()}/cashier/${payment.paymentId}`;
    return {
      result,
      paymentId: payment.paymentId,
      redirectActionForm: { redirectionUrl, ...aliasOf(ctx, "redirectUrl", redirectionUrl) },
    };
  }
  if (result.resultStatus === "S") {
    return {
      result,
      paymentId: payment.paymentId,
      paymentTime: walletTime(payment.paidAt ?? payment.createdAt),
    };
  }
  if (result.resultStatus === "U") return { result, paymentId: payment.paymentId };
  return { result };
}

/** A repeated pay with the same payload: the stored answer, brought up to date if it was not final. */
function replay(ctx: OperationContext, payment: Payment): ResponseBody {
  closeIfExpired(ctx, payment);
  const first = payment.payResult;
  if (first.resultStatus === "S" || first.resultStatus === "F") return payResponse(ctx, payment, first);
  if (payment.status === "PROCESSING") {
    return payment.completesAt !== undefined
      ? payResponse(ctx, payment, first)
      : payResponse(ctx, payment, accepted());
  }
  if (payment.status === "SUCCESS") return payResponse(ctx, payment, success());
  if (payment.status === "FAIL")
    return payResponse(ctx, payment, payment.finalResult ?? failed("ORDER_STATUS_INVALID", "failed"));
  return payResponse(
    ctx,
    payment,
    failed("ORDER_STATUS_INVALID", `the order is ${payment.status.toLowerCase()}`),
  );
}

function rejectPayment(ctx: OperationContext, payment: Payment, result: WalletResult): ResponseBody {
  const now = ctx.clock.nowMs();
  payment.status = "FAIL";
  payment.payResult = result;
  payment.finalResult = result;
  payment.finishedAt = now;
  addTransaction(payment, "PAY", "FAIL", payment.amount, now);
  ctx.store.save("payment", payment);
  return { result };
}

function checkNotifyUrls(ctx: OperationContext, request: PayRequest): void {
  const allowlist = ctx.merchant.notifyUrlAllowlist;
  for (const field of ["paymentNotifyUrl", "voidNotifyUrl"] as const) {
    const value = request[field];
    if (!value) continue;
    const protocol = new URL(value).protocol;
    if (protocol !== "http:" && protocol !== "https:")
      throw fail("PARAM_ILLEGAL", `${field} must be http(s)`);
    if (allowlist.length > 0 && !allowlist.some((prefix) => value.startsWith(prefix))) {
      throw fail("PARAM_ILLEGAL", `${field} is not in the merchant's notify URL allowlist`);
    }
  }
}

function partnerRefusal(ctx: OperationContext): WalletResult | undefined {
  if (ctx.merchant.status === "CLOSED") return failed("PARTNER_NOT_EXIST", "the partner does not exist");
  if (ctx.merchant.status === "RESTRICTED")
    return failed("PARTNER_STATUS_ABNORMAL", "the merchant account is restricted");
  return undefined;
}

function amountRefusal(ctx: OperationContext, payment: Payment): WalletResult | undefined {
  const settings = ctx.settings();
  if (!settings.currencies.includes(payment.currency)) {
    return failed("CURRENCY_NOT_SUPPORT", `the currency ${payment.currency} is not supported`);
  }
  if (payment.amount > settings.paymentLimit) {
    return failed("PAYMENT_AMOUNT_EXCEED_LIMIT", "the amount exceeds the limit of this product");
  }
  return undefined;
}

/** Who pays, and whether they may: the buyer (cashier, escrow) or the agreement holder. */
function buyerRefusal(
  ctx: OperationContext,
  payment: Payment,
  request: PayRequest,
): WalletResult | undefined {
  const { store } = ctx;
  if (payment.flow !== "AGREEMENT") {
    const buyerId = request.order.buyer?.referenceBuyerId ?? "";
    const customer = store.get("customer", scopedKey(ctx.merchant.clientId, buyerId));
    const user = customer ? store.get("user", customer.userId) : undefined;
    if (!user) return failed("USER_NOT_EXIST", "referenceBuyerId is not a customer of this merchant");
    payment.userId = user.userId;
    return accountRejection(user);
  }
  const code = request.paymentAuthCode ?? "";
  const tokens = store.tokensByAccess.get(code);
  if (!tokens || tokens.clientId !== ctx.merchant.clientId) {
    const authCode = store.get("authCode", code);
    if (authCode?.usedAt !== undefined && authCode.usedByClientId === ctx.merchant.clientId) {
      return failed(
        "AUTH_CODE_ALREADY_USED",
        "this authorization code was already exchanged; send the access token",
      );
    }
    return failed("INVALID_CODE", "paymentAuthCode is not a valid agreement token");
  }
  if (tokens.revokedAt !== undefined) {
    return failed("INVALID_ACCESS_TOKEN", "the user revoked this agreement in the wallet app");
  }
  if (tokens.accessTokenExpiresAt <= ctx.clock.nowMs()) {
    return failed("INVALID_ACCESS_TOKEN", "the agreement access token expired; refresh it");
  }
  if (!tokens.scopes.includes(AGREEMENT_SCOPE)) {
    return failed(
      "INVALID_ACCESS_TOKEN",
      "the access token was not issued by agreement signing (AGREEMENT_PAY)",
    );
  }
  const buyerId = request.order.buyer?.referenceBuyerId;
  if (buyerId !== undefined && buyerId !== tokens.customerId) {
    return failed("INVALID_ACCESS_TOKEN", "paymentAuthCode does not belong to order.buyer.referenceBuyerId");
  }
  payment.userId = tokens.userId;
  return undefined;
}
