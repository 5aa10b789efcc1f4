// The error codes the wallet documents per operation (docs/wallet-interface.md, "Errors"; the
// refund's REFUND_IN_PROCESS included). The conformance files each prove they reach the codes of
// their operations; `report-codes.ts` sums up. `readSpecErrorCodes` reads the document's tables, and
// auth.test.ts fails when they and this transcription differ, so neither can drift.
import { readFileSync } from "node:fs";

export const SPEC_ERROR_CODES: Record<string, readonly string[]> = {
  applyToken: [
    "AUTH_CLIENT_UNSUPPORTED_GRANT_TYPE",
    "INVALID_CODE",
    "USED_CODE",
    "EXPIRED_CODE",
    "INVALID_REFRESH_TOKEN",
    "EXPIRED_REFRESH_TOKEN",
    "USED_REFRESH_TOKEN",
  ],
  pay: [
    "PAYMENT_IN_PROCESS",
    "REPEAT_REQ_INCONSISTENT",
    "PAYMENT_AMOUNT_EXCEED_LIMIT",
    "USER_NOT_EXIST",
    "USER_STATUS_ABNORMAL",
    "USER_BALANCE_NOT_ENOUGH",
    "PARTNER_NOT_EXIST",
    "PARTNER_STATUS_ABNORMAL",
    "RISK_REJECT",
    "CURRENCY_NOT_SUPPORT",
    "ORDER_STATUS_INVALID",
    "INVALID_ACCESS_TOKEN",
    "USER_AMOUNT_EXCEED_LIMIT",
    "AUTH_CODE_ALREADY_USED",
    "INVALID_CODE",
  ],
  merchantAccept: ["ORDER_STATUS_INVALID", "ORDER_IS_MERCHANT_ACCEPTED", "ORDER_NOT_EXIST"],
  void: [
    "ORDER_STATUS_INVALID",
    "VOID_AMOUNT_EXCEEDS_AUTH_LIMIT",
    "MUTEX_OPERATION_IN_PROCESSING",
    "ORDER_UNSUPPORTED_OPERATION",
  ],
  confirm: ["ORDER_STATUS_INVALID", "MUTEX_OPERATION_IN_PROCESSING", "ORDER_NOT_EXIST"],
  cancel: ["ORDER_HAS_BEEN_CAPTURED", "ORDER_HAS_BEEN_VOIDED", "CANCEL_WINDOW_EXCEED"],
  refund: ["REFUND_IN_PROCESS"],
  inquiryRefund: ["REFUND_NOT_EXIST"],
  inquiryUserInfo: ["INVALID_ACCESS_TOKEN", "EXPIRED_ACCESS_TOKEN"],
  inquiryMerchantInfo: ["INVALID_ACCESS_TOKEN", "EXPIRED_ACCESS_TOKEN"],
  sendPush: [
    "ACCESS_TOKEN_NOT_COVER_THE_SCOPE",
    "INVALID_ACCESS_TOKEN",
    "PARAM_ILLEGAL",
    "UNKNOWN_EXCEPTION",
  ],
};

const WALLET_INTERFACE_DOC = new URL("../../../docs/wallet-interface.md", import.meta.url).pathname;

/**
 * Codes of the "Errors" tables of the wallet interface document, by operation heading. Throws when
 * the document, or its "Errors" section followed by "Limits", is missing.
 */
export function readSpecErrorCodes(): Record<string, string[]> {
  const markdown = readFileSync(WALLET_INTERFACE_DOC, "utf8");
  const start = markdown.indexOf("\n## Errors");
  const end = markdown.indexOf("\n## Limits");
  if (start < 0 || end < start)
    throw new Error(`${WALLET_INTERFACE_DOC}: no "## Errors" section followed by "## Limits"`);
  const errors = markdown.slice(start, end);
  const codes: Record<string, string[]> = {};
  let operations: string[] = [];
  for (const line of errors.split("\n")) {
    const heading = line.match(/^### (.+)$/);
    if (heading) {
      operations = (heading[1] ?? "").split(" and ").map((name) => name.trim());
      continue;
    }
    const row = line.match(/^\|(?: [SAUF] \|)? `([A-Z_]+)` \|/);
    if (row && operations.length > 0) {
      for (const operation of operations) codes[operation] = [...(codes[operation] ?? []), row[1] ?? ""];
    }
  }
  return codes;
}
