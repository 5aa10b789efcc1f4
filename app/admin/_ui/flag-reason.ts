// Why an order or a refund was flagged, in the operator's language: said from the flag's kind and
// facts (lib/payments/orders/order-flags.ts), with the order's state, the operation and the time in words. A
// row whose flag this release cannot read (none stored, or a kind from a newer release) shows its
// English sentence as written.

import { formatDurationIn } from "@/lib/console/i18n/durations";
import { formatBaghdadTime } from "@/lib/console/i18n/format";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { raisedAgainOf, readFlag } from "@/lib/payments/orders/order-flags";

interface Flagged {
  attentionFlag: unknown;
  attentionReason: string | null;
}

const word = (t: Translate, prefix: string, value: string) => {
  const key = dynamicKey(prefix, value);
  return key === "common.none" ? value : t(key);
};
const operation = (t: Translate, name: string) => word(t, "action", name.toLowerCase());

/**
 * The flag in words; a flag raised again after it was resolved says first which new fact raised it
 * ("Raised again — a new deadline passed since it was resolved on 27 Nov 2026, 10:05: …").
 */
export function flagReasonWords(flagged: Flagged, t: Translate, locale: Locale): string {
  const words = flagWords(flagged, t, locale);
  const again = raisedAgainOf(flagged.attentionFlag);
  if (!again) return words;
  const when = formatBaghdadTime(new Date(again.resolvedAt), locale);
  return `${t(again.because === "NEW_DEADLINE" ? "flag.raisedAgain.deadline" : "flag.raisedAgain.report", { when })} ${words}`;
}

function flagWords(flagged: Flagged, t: Translate, locale: Locale): string {
  const flag = readFlag(flagged.attentionFlag);
  if (!flag) return flagged.attentionReason ?? "";
  switch (flag.kind) {
    case "SUCCESS_ON_FINAL":
      return t("flag.successOnFinal", { fact: word(t, "status", flag.status) });
    case "PAYMENT_UNSETTLED":
      return t("flag.paymentUnsettled", { fact: formatDurationIn(flag.afterMs, locale) });
    case "OPERATION_UNSETTLED":
      return t("flag.operationUnsettled", {
        fact: operation(t, flag.operation),
        after: formatDurationIn(flag.afterMs, locale),
      });
    case "AMOUNT_MISMATCH":
      return t("flag.amountMismatch", { fact: word(t, "flag.kind", flag.notification) });
    case "PAYMENT_ID_MISMATCH":
      return t("flag.paymentIdMismatch", { fact: word(t, "flag.kind", flag.notification) });
    case "CONTRADICTION":
      return t("flag.contradiction", { fact: operation(t, flag.operation) });
    case "REFUND_CONTRADICTION":
      return t("flag.refundContradiction", {
        wallet: word(t, "refundStatus", flag.wallet),
        ours: word(t, "refundStatus", flag.ours),
      });
    case "CANNOT_RESEND":
      return t("flag.cannotResend");
    case "CONFIRMED_NOT_ALLOWED":
      return t("flag.confirmedNotAllowed", { fact: operation(t, flag.operation) });
  }
}
