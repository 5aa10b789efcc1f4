// Every operation of the wallet interface: its path, request schema and response schema.
//
// Requests are strict about the spec's limits (checked before anything is sent); responses are read
// tolerantly (unknown fields kept, known name variants normalized) because wallets of this family
// and their sample code disagree on a few names (see docs/architecture.md, "Decisions").
import { z } from "zod";
import { amount, extendInfo, isoTime, result, text, url } from "./fields";
import { flowOfProductCode, needsBuyer, PRODUCT_CODES } from "./product-codes";

const accessToken = text({ max: 128, plain: true });
const paymentId = text({ max: 64 });
const requestId64 = text({ max: 64 });

// ---------------------------------------------------------------- applyToken

export const applyTokenRequest = z
  .strictObject({
    grantType: z.enum(["AUTHORIZATION_CODE", "REFRESH_TOKEN"], {
      error: "must be AUTHORIZATION_CODE or REFRESH_TOKEN",
    }),
    authCode: text({ max: 64, plain: true }).optional(),
    refreshToken: text({ max: 128, plain: true }).optional(),
    extendInfo: extendInfo({ max: 4096, plain: true }).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.grantType === "AUTHORIZATION_CODE" && !request.authCode) {
      ctx.addIssue({
        code: "custom",
        path: ["authCode"],
        message: "is required when grantType is AUTHORIZATION_CODE",
      });
    }
    if (request.grantType === "REFRESH_TOKEN" && !request.refreshToken) {
      ctx.addIssue({
        code: "custom",
        path: ["refreshToken"],
        message: "is required when grantType is REFRESH_TOKEN",
      });
    }
  });

export const applyTokenResponse = z.looseObject({
  result,
  accessToken: z.string().max(128).optional(),
  accessTokenExpiryTime: isoTime.optional(),
  refreshToken: z.string().max(128).optional(),
  refreshTokenExpiryTime: isoTime.optional(),
  customerId: z.string().max(64).optional(),
  extendInfo: z.string().max(4096).optional(),
});

// A successful exchange must carry what rule 2 tells the merchant to store.
const applyTokenSuccess = applyTokenResponse.extend({
  accessToken: z.string().min(1).max(128),
  refreshToken: z.string().min(1).max(128),
  customerId: z.string().min(1).max(64),
});

// ---------------------------------------------------------------- user and merchant info

export const inquiryUserInfoRequest = z.strictObject({
  accessToken,
  extendInfo: extendInfo({ max: 4096, plain: true }).optional(),
});

export const userInfo = z.looseObject({
  userId: z.string().optional(),
  loginIdInfos: z
    .array(z.looseObject({ loginIdType: z.string().optional(), maskLoginId: z.string().optional() }))
    .optional(),
  userName: z
    .looseObject({
      fullName: z.string().optional(),
      firstName: z.string().optional(),
      secondName: z.string().optional(),
      thirdName: z.string().optional(),
      lastName: z.string().optional(),
    })
    .optional(),
  avatar: z.string().optional(),
  gender: z.string().optional(),
  birthDate: z.string().optional(),
  nationality: z.string().optional(),
  contactInfos: z
    .array(z.looseObject({ contactType: z.string().optional(), contactNo: z.string().optional() }))
    .optional(),
  extendInfo: z.unknown().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const inquiryUserInfoResponse = z.looseObject({ result, userInfo: userInfo.optional() });

/**
 * The same request as inquiryUserInfo's (an access token), under its own operation's name.
 * @alias
 */
export const inquiryMerchantInfoRequest = inquiryUserInfoRequest;

const merchantInfo = z.looseObject({
  merchantId: z.string().optional(),
  merchantName: z.string().optional(),
  merchantNameArabic: z.string().optional(),
  merchantLogo: z.string().optional(),
});
export type MerchantInfo = z.infer<typeof merchantInfo>;

export const inquiryMerchantInfoResponse = z.looseObject({ result, merchantInfo: merchantInfo.optional() });

// ---------------------------------------------------------------- pay

export const payRequest = z
  .strictObject({
    productCode: text({ max: 32 }),
    paymentRequestId: requestId64,
    paymentAuthCode: text({ max: 128 }).optional(),
    paymentAmount: amount,
    order: z.strictObject({
      orderDescription: text({ max: 256 }),
      buyer: z.strictObject({ referenceBuyerId: text({ max: 64, plain: true }) }).optional(),
    }),
    paymentExpiryTime: isoTime.optional(),
    paymentRedirectUrl: url(1024).optional(),
    paymentNotifyUrl: url(1024).optional(),
    voidNotifyUrl: url(1024).optional(),
    extendInfo: extendInfo({ max: 2048 }).optional(),
  })
  .superRefine((request, ctx) => {
    const flow = flowOfProductCode(request.productCode);
    if (flow === "AGREEMENT" && !request.paymentAuthCode) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentAuthCode"],
        message: "is required for agreement payment",
      });
    }
    if (flow !== "AGREEMENT" && request.paymentAuthCode) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentAuthCode"],
        message: "is only sent in agreement payment",
      });
    }
    if (needsBuyer(request.productCode) && !request.order.buyer) {
      ctx.addIssue({
        code: "custom",
        path: ["order", "buyer"],
        message: "is required for cashier and escrow payment",
      });
    }
  });

// `redirectUrl` is what some wallets of this family send instead of `redirectionUrl`.
const redirectActionForm = z
  .looseObject({ redirectionUrl: z.string().optional(), redirectUrl: z.string().optional() })
  .transform(({ redirectUrl, ...form }) => ({ ...form, redirectionUrl: form.redirectionUrl ?? redirectUrl }));

export const payResponse = z.looseObject({
  result,
  paymentId: z.string().max(64).optional(),
  paymentTime: isoTime.optional(),
  redirectActionForm: redirectActionForm.optional(),
});

// Spec: paymentId is "present when the payment is accepted or successful". A success without it
// cannot be refunded or tracked, so it is not believed (unknown, settled by inquiry).
const paySuccess = z.looseObject({ result, paymentId: z.string().min(1).max(64) });

// ---------------------------------------------------------------- escrow lifecycle

export const merchantAcceptRequest = z.strictObject({ paymentId });
export const merchantAcceptResponse = z.looseObject({ result });

export const confirmRequest = z.strictObject({ paymentId, confirmRequestId: requestId64 });
export const confirmResponse = z.looseObject({
  result,
  confirmId: z.string().optional(),
  confirmTime: isoTime.optional(),
});

export const cancelRequest = z.strictObject({ paymentId });
export const cancelResponse = z.looseObject({
  result,
  paymentId: z.string().optional(),
  cancelTime: isoTime.optional(),
});

export const voidRequest = z.strictObject({
  voidRequestId: requestId64,
  paymentId,
  voidAmount: amount.optional(),
});
export const voidResponse = z.looseObject({
  result,
  voidRequestId: z.string().optional(),
  voidId: z.string().optional(),
});

// ---------------------------------------------------------------- refunds

// Documented: refundRequestId, paymentId and refundAmount. Our decision (docs/wallet-interface.md,
// refund): also refundReason, refundNotifyUrl and extendInfo, which real wallets of this family take.
export const refundRequest = z.strictObject({
  refundRequestId: requestId64,
  paymentId,
  refundAmount: amount,
  refundReason: text({ max: 256 }).optional(),
  refundNotifyUrl: url(1024).optional(),
  extendInfo: extendInfo({ max: 2048 }).optional(),
});

export const refundStatus = z.enum(["PROCESSING", "SUCCESS", "FAIL"]);

export const refundResponse = z.looseObject({
  result,
  refundId: z.string().max(64).optional(),
  refundRequestId: z.string().optional(),
  refundAmount: amount.optional(),
  refundTime: isoTime.optional(),
});

export const inquiryRefundRequest = z
  .strictObject({
    refundId: text({ max: 64 }).optional(),
    refundRequestId: text({ max: 64 }).optional(),
    extendInfo: extendInfo({ max: 2048 }).optional(),
  })
  .refine((request) => request.refundId || request.refundRequestId, {
    error: "refundId or refundRequestId is required",
    path: ["refundId"],
  });

export const inquiryRefundResponse = z.looseObject({
  result,
  refundId: z.string().max(64).optional(),
  refundRequestId: z.string().max(64).optional(),
  refundAmount: amount.optional(),
  refundReason: z.string().max(256).optional(),
  refundTime: isoTime.optional(),
  refundStatus: refundStatus.optional(),
  refundFailReason: z.string().optional(),
  extendInfo: z.string().max(2048).optional(),
});

// ---------------------------------------------------------------- inquiryPayment

// Our decision: `paymentId` or `paymentRequestId`, so that a `pay` whose answer was lost can be found.
export const inquiryPaymentRequest = z
  .strictObject({ paymentId: paymentId.optional(), paymentRequestId: requestId64.optional() })
  .refine((request) => request.paymentId || request.paymentRequestId, {
    error: "paymentId or paymentRequestId is required",
    path: ["paymentId"],
  });

export const PAYMENT_STATUSES = ["PROCESSING", "SUCCESS", "FAIL", "CANCELLED", "CLOSED"] as const;

const transaction = z.looseObject({
  transactionId: z.string().optional(),
  transactionType: z.string(),
  transactionStatus: z.string().optional(),
  transactionAmount: amount.optional(),
  transactionTime: isoTime.optional(),
});
export type PaymentTransaction = z.infer<typeof transaction>;

export const inquiryPaymentResponse = z.looseObject({
  result,
  paymentId: z.string().optional(),
  paymentRequestId: z.string().optional(),
  // The spec ends the list with "etc.": unknown values are kept as strings, never rejected.
  paymentStatus: z.string().optional(),
  paymentAmount: amount.optional(),
  paymentTime: isoTime.optional(),
  transactions: z.array(transaction).optional(),
});

// ---------------------------------------------------------------- sendPush

export const PUSH_URL_PREFIX = "mini://platformapi/startapp";

const pushUrl = z
  .string({ error: "is required" })
  .min(1, { error: "must not be empty" })
  .refine((value) => value.startsWith(PUSH_URL_PREFIX), { error: `must start with ${PUSH_URL_PREFIX}` })
  .refine((value) => /[?&]appId=[^&]+/.test(value), {
    error: "must carry the mini program's appId parameter",
  });

export const sendPushRequest = z.strictObject({
  accessToken,
  requestId: text({ max: 128 }),
  templateCode: text({ max: 256 }),
  templates: z
    .array(
      z.strictObject({
        templateParameters: z.strictObject({
          Title: text({ max: 256 }),
          Content: text({ max: 1024 }),
          Url: pushUrl,
        }),
      }),
    )
    .min(1, { error: "must hold at least one template" }),
});

export const sendPushResponse = z.looseObject({
  result,
  messageId: z.string().max(258).optional(),
  extendInfo: z.string().max(4096).optional(),
});

// ---------------------------------------------------------------- contract preparation (agreement)

// Not documented by the wallet; the shape is ours (docs/wallet-interface.md, prepare). `authUrl` is
// what a wallet's own demo reads.
export const prepareRequest = z.strictObject({
  scopes: z.union([text({ max: 256 }), z.array(text({ max: 64 })).min(1)]),
  extendInfo: extendInfo({ max: 4096 }).optional(),
});

export const prepareResponse = z
  .looseObject({ result, authorizationUrl: z.string().optional(), authUrl: z.string().optional() })
  .transform(({ authUrl, ...response }) => ({
    ...response,
    authorizationUrl: response.authorizationUrl ?? authUrl,
  }));

// ---------------------------------------------------------------- the catalogue

export interface OperationDefinition<Req extends z.ZodType, Res extends z.ZodType> {
  name: string;
  /** Default path; the contract-preparation path is configurable. */
  path: string;
  request: Req;
  response: Res;
  /** Extra checks a successful (S) answer must pass, or it is not trusted as success. */
  success?: z.ZodType;
  /** Which client timeout applies (our decision: pay 8 s, inquiries 5 s, others 8 s). */
  timeout: "pay" | "inquiry" | "default";
  /** The request field that identifies the call for logs and retries, if any. */
  idempotencyField?: string;
}

function define<Req extends z.ZodType, Res extends z.ZodType>(definition: OperationDefinition<Req, Res>) {
  return definition;
}

export const OPERATIONS = {
  applyToken: define({
    name: "applyToken",
    path: "/v1/authorizations/applyToken",
    request: applyTokenRequest,
    response: applyTokenResponse,
    success: applyTokenSuccess,
    timeout: "default",
  }),
  inquiryUserInfo: define({
    name: "inquiryUserInfo",
    path: "/v1/users/inquiryUserInfo",
    request: inquiryUserInfoRequest,
    response: inquiryUserInfoResponse,
    timeout: "inquiry",
  }),
  inquiryMerchantInfo: define({
    name: "inquiryMerchantInfo",
    path: "/v1/merchants/inquiryMerchantInfo",
    request: inquiryMerchantInfoRequest,
    response: inquiryMerchantInfoResponse,
    timeout: "inquiry",
  }),
  pay: define({
    name: "pay",
    path: "/v1/payments/pay",
    request: payRequest,
    response: payResponse,
    success: paySuccess,
    timeout: "pay",
    idempotencyField: "paymentRequestId",
  }),
  merchantAccept: define({
    name: "merchantAccept",
    path: "/v1/payments/merchantAccept",
    request: merchantAcceptRequest,
    response: merchantAcceptResponse,
    timeout: "default",
    idempotencyField: "paymentId",
  }),
  confirm: define({
    name: "confirm",
    path: "/v1/payments/confirm",
    request: confirmRequest,
    response: confirmResponse,
    timeout: "default",
    idempotencyField: "confirmRequestId",
  }),
  cancel: define({
    name: "cancel",
    path: "/v1/payments/cancel",
    request: cancelRequest,
    response: cancelResponse,
    timeout: "default",
    idempotencyField: "paymentId",
  }),
  void: define({
    name: "void",
    path: "/v1/payments/void",
    request: voidRequest,
    response: voidResponse,
    timeout: "default",
    idempotencyField: "voidRequestId",
  }),
  refund: define({
    name: "refund",
    path: "/v1/payments/refund",
    request: refundRequest,
    response: refundResponse,
    timeout: "default",
    idempotencyField: "refundRequestId",
  }),
  inquiryPayment: define({
    name: "inquiryPayment",
    path: "/v1/payments/inquiryPayment",
    request: inquiryPaymentRequest,
    response: inquiryPaymentResponse,
    timeout: "inquiry",
    idempotencyField: "paymentId",
  }),
  inquiryRefund: define({
    name: "inquiryRefund",
    path: "/v1/payments/inquiryRefund",
    request: inquiryRefundRequest,
    response: inquiryRefundResponse,
    timeout: "inquiry",
    idempotencyField: "refundRequestId",
  }),
  sendPush: define({
    name: "sendPush",
    path: "/v1/messages/sendPush",
    request: sendPushRequest,
    response: sendPushResponse,
    timeout: "default",
    idempotencyField: "requestId",
  }),
  prepare: define({
    name: "prepare",
    path: "/v1/authorizations/prepare",
    request: prepareRequest,
    response: prepareResponse,
    timeout: "default",
  }),
} as const;

export type OperationName = keyof typeof OPERATIONS;
export type OperationRequest<N extends OperationName> = z.input<(typeof OPERATIONS)[N]["request"]>;
export type OperationResponse<N extends OperationName> = z.output<(typeof OPERATIONS)[N]["response"]>;

export { PRODUCT_CODES };
