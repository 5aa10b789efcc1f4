// A valid request for every wallet operation, for tests that vary one field at a time.
import type { OperationName, OperationRequest } from "@/lib/wallet/operations";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";

export const validRequests: { [N in OperationName]: OperationRequest<N> } = {
  applyToken: { grantType: "AUTHORIZATION_CODE", authCode: "code-123", extendInfo: '{"a":1}' },
  inquiryUserInfo: { accessToken: "token-123", extendInfo: "{}" },
  inquiryMerchantInfo: { accessToken: "token-123", extendInfo: "{}" },
  pay: {
    productCode: PRODUCT_CODES.CASHIER,
    paymentRequestId: "pay_0001",
    paymentAmount: { currency: "IQD", value: "100000" },
    order: { orderDescription: "2 x Coffee", buyer: { referenceBuyerId: "customer-1" } },
    paymentExpiryTime: "2026-11-21T10:30:00+00:00",
    paymentRedirectUrl: "https://merchant.example/return",
    paymentNotifyUrl: "https://merchant.example/api/wallet/notify/payment",
    voidNotifyUrl: "https://merchant.example/api/wallet/notify/void",
    extendInfo: "{}",
  },
  merchantAccept: { paymentId: "payment-1" },
  confirm: { paymentId: "payment-1", confirmRequestId: "confirm_0001" },
  cancel: { paymentId: "payment-1" },
  void: {
    voidRequestId: "void_0001",
    paymentId: "payment-1",
    voidAmount: { currency: "IQD", value: "5000" },
  },
  refund: {
    refundRequestId: "refund_0001",
    paymentId: "payment-1",
    refundAmount: { currency: "IQD", value: "5000" },
    refundReason: "damaged",
    refundNotifyUrl: "https://merchant.example/api/wallet/notify/refund",
    extendInfo: "{}",
  },
  inquiryPayment: { paymentId: "payment-1" },
  inquiryRefund: { refundRequestId: "refund_0001", extendInfo: "{}" },
  sendPush: {
    accessToken: "token-123",
    requestId: "push_0001",
    templateCode: "MINI_APP_COMMON_PUSH",
    templates: [
      {
        templateParameters: {
          Title: "Order shipped",
          Content: "Your order is on its way",
          Url: "mini://platformapi/startapp?appId=3500000000000001&page=orders",
        },
      },
    ],
  },
  prepare: { scopes: "AGREEMENT_PAY", extendInfo: '{"contractDesc":"Monthly plan","language":"en-US"}' },
};

export function withField<T extends object>(request: T, path: string, value: unknown): T {
  const copy = structuredClone(request) as Record<string, unknown>;
  const keys = path.split(".");
  let cursor: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) cursor = cursor[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  if (value === undefined) delete cursor[last];
  else cursor[last] = value;
  return copy as T;
}
