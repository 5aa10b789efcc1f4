// Why an order was flagged, in the operator's language. The services write the reason as an English
// sentence with the facts in it ("wallet reports SUCCESS for an order that is CANCELLED"); each kind
// they write is recognised here and said again in words, with its facts. A reason of a kind this
// list does not know yet is shown as written.
import { dynamicKey, type MessageKey, type Translate } from "@/lib/i18n/translate";

type Reader = (match: RegExpExecArray, t: Translate) => string;

const word = (t: Translate, prefix: string, value: string | undefined) => {
  const key = dynamicKey(prefix, value ?? "");
  return key === "common.none" ? (value ?? "") : t(key);
};
const operation = (t: Translate, name: string | undefined) => word(t, "action", name?.toLowerCase());

const KINDS: [RegExp, MessageKey, Reader][] = [
  [
    /^wallet reports SUCCESS for an order that is (\w+)$/,
    "flag.successOnFinal",
    (m, t) => word(t, "status", m[1]),
  ],
  [
    /^payment not settled by the wallet after (.+) of reconciliation$/,
    "flag.paymentUnsettled",
    (m) => m[1] ?? "",
  ],
  [/^(\w+) not settled by the wallet after (.+)$/, "flag.operationUnsettled", (m, t) => operation(t, m[1])],
  [
    /^(payment|refund|void) notification amount /,
    "flag.amountMismatch",
    (m, t) => word(t, "flag.kind", m[1]),
  ],
  [
    /^(payment|refund|void) notification names paymentId/,
    "flag.paymentIdMismatch",
    (m, t) => word(t, "flag.kind", m[1]),
  ],
  [
    /^wallet reports (\w+) \S+ (succeeded|failed); we recorded it (succeeded|failed)$/,
    "flag.contradiction",
    (m, t) => operation(t, m[1]),
  ],
  [/^wallet reports refund \S+ (\w+); we recorded (\w+)$/, "flag.refundContradiction", () => ""],
  [/^cannot re-send pay: /, "flag.cannotResend", () => ""],
  [
    /^wallet confirmed (\w+) the order state does not allow/,
    "flag.confirmedNotAllowed",
    (m, t) => operation(t, m[1]),
  ],
];

export function flagReasonWords(reason: string | null | undefined, t: Translate): string {
  if (!reason) return "";
  for (const [pattern, key, read] of KINDS) {
    const match = pattern.exec(reason);
    if (match) return t(key, { fact: read(match, t) });
  }
  return reason;
}
