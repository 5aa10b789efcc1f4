import { describe, expect, it } from "vitest";
import { flagReasonWords } from "@/app/admin/_ui/flag-reason";
import { translatorFor } from "@/lib/console/i18n/translate";
import {
  flagColumns,
  flagSentence,
  type OrderFlag,
  orderFlagSchema,
} from "@/lib/payments/orders/order-flags";

const arabic = translatorFor("ar");
const english = translatorFor("en");

/** One flag of every kind, as the services raise them. */
const EVERY_KIND: OrderFlag[] = [
  { kind: "SUCCESS_ON_FINAL", status: "CANCELLED" },
  { kind: "PAYMENT_UNSETTLED", afterMs: 6 * 3_600_000 },
  { kind: "OPERATION_UNSETTLED", operation: "accept", afterMs: 6 * 3_600_000 },
  { kind: "AMOUNT_MISMATCH", notification: "payment", amount: "12000001 IQD" },
  { kind: "PAYMENT_ID_MISMATCH", notification: "refund", paymentId: "2088x", ours: "2088y" },
  { kind: "CONTRADICTION", operation: "void", requestId: "void_0193a5", wallet: "succeeded", ours: "failed" },
  { kind: "REFUND_CONTRADICTION", refundRequestId: "refund_0193", wallet: "SUCCESS", ours: "FAIL" },
  { kind: "CANNOT_RESEND", error: "the order is closed" },
  { kind: "CONFIRMED_NOT_ALLOWED", operation: "cancel" },
];

const stored = (flag: OrderFlag) => {
  const { attentionFlag, attentionReason } = flagColumns(flag);
  // As the row gives it back: JSON, through the database.
  return { attentionFlag: JSON.parse(JSON.stringify(attentionFlag)) as unknown, attentionReason };
};

describe("order flags: a kind and its facts, said in the operator's language", () => {
  it("covers every kind the schema knows", () => {
    const kinds = orderFlagSchema.options.map((option) => option.shape.kind.value);
    expect(EVERY_KIND.map((flag) => flag.kind).sort()).toEqual([...kinds].sort());
  });

  it.each(EVERY_KIND)("says $kind in Arabic without the English sentence", (flag) => {
    const words = flagReasonWords(stored(flag), arabic, "ar");
    expect(words).not.toBe(flagSentence(flag));
    expect(words).not.toMatch(/wallet|notification|recorded|order|[{}]/i);
  });

  it("names the order's state, the operation, the time and a refund's two statuses in words", () => {
    expect(flagReasonWords(stored(EVERY_KIND[0] as OrderFlag), english, "en")).toBe(
      "The wallet says the payment succeeded, but the order is Cancelled. Check with the wallet before doing anything.",
    );
    expect(flagReasonWords(stored(EVERY_KIND[2] as OrderFlag), english, "en")).toBe(
      "The wallet has not settled “Accept order” after 6 hours.",
    );
    expect(flagReasonWords(stored(EVERY_KIND[2] as OrderFlag), arabic, "ar")).toBe(
      "لم تحسم المحفظة «قبول الطلب» بعد 6 ساعات.",
    );
    expect(flagReasonWords(stored(EVERY_KIND[6] as OrderFlag), english, "en")).toBe(
      "The wallet says a refund is “Refunded”, but our records say “Refused”. Check with the wallet before doing anything.",
    );
  });

  it("keeps the English sentences the API and logs have carried (operations now always in lower case)", () => {
    expect(EVERY_KIND.map(flagSentence)).toEqual([
      "wallet reports SUCCESS for an order that is CANCELLED",
      "payment not settled by the wallet after 6 h of reconciliation",
      "accept not settled by the wallet after 6 h",
      "payment notification amount 12000001 IQD",
      "refund notification names paymentId 2088x, ours is 2088y",
      "wallet reports void void_0193a5 succeeded; we recorded it failed",
      "wallet reports refund refund_0193 SUCCESS; we recorded FAIL",
      "cannot re-send pay: the order is closed",
      "wallet confirmed cancel the order state does not allow",
    ]);
  });

  it("shows a flag it cannot read (none stored, or a newer kind) as its sentence", () => {
    expect(flagReasonWords({ attentionFlag: null, attentionReason: "something new" }, arabic, "ar")).toBe(
      "something new",
    );
    expect(
      flagReasonWords({ attentionFlag: { kind: "FROM_THE_FUTURE" }, attentionReason: "later" }, arabic, "ar"),
    ).toBe("later");
    expect(flagReasonWords({ attentionFlag: null, attentionReason: null }, arabic, "ar")).toBe("");
  });
});
