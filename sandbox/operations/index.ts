// Every operation of the wallet interface, by path (paths come from lib/wallet/operations.ts).
import { OPERATIONS } from "@/lib/wallet/operations";
import { applyToken } from "./apply-token";
import { cancel, confirm, merchantAccept, voidPayment } from "./escrow";
import { inquiryMerchantInfo, inquiryUserInfo } from "./inquiry-info";
import { inquiryPayment } from "./inquiry-payment";
import { pay } from "./pay";
import { prepare } from "./prepare";
import { inquiryRefund, refund } from "./refund";
import { sendPush } from "./send-push";
import type { OperationHandler } from "./types";

const HANDLERS: OperationHandler[] = [
  applyToken,
  inquiryUserInfo,
  inquiryMerchantInfo,
  pay,
  merchantAccept,
  confirm,
  cancel,
  voidPayment,
  refund,
  inquiryPayment,
  inquiryRefund,
  sendPush,
  prepare,
];

export const OPERATION_BY_PATH: ReadonlyMap<string, OperationHandler> = new Map(
  HANDLERS.map((handler) => [OPERATIONS[handler.name].path, handler]),
);
