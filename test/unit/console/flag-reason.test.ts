import { describe, expect, it } from "vitest";
import { flagReasonWords } from "@/app/admin/_ui/flag-reason";
import { translatorFor } from "@/lib/i18n/translate";

const arabic = translatorFor("ar");
const english = translatorFor("en");

describe("flagReasonWords: why an order was flagged, in the operator's language", () => {
  it.each([
    "wallet reports SUCCESS for an order that is CANCELLED",
    "accept not settled by the wallet after 6 h",
    "payment notification amount 12000001 IQD",
    "refund notification names paymentId 2088x",
    "wallet reports void void_0193a5 succeeded; we recorded it failed",
    "wallet reports refund refund_0193 SUCCESS; we recorded FAIL",
    "cannot re-send pay: the order is closed",
  ])("says %j in Arabic without the English sentence", (reason) => {
    const words = flagReasonWords(reason, arabic);
    expect(words).not.toBe(reason);
    expect(words).not.toMatch(/wallet|notification|recorded|order/i);
  });

  it("names the order's state and the operation in words", () => {
    expect(flagReasonWords("wallet reports SUCCESS for an order that is CANCELLED", english)).toBe(
      "The wallet says the payment succeeded, but the order is Cancelled. Check with the wallet before doing anything.",
    );
    expect(flagReasonWords("accept not settled by the wallet after 6 h", english)).toBe(
      "The wallet has not settled “Accept order” for a long time.",
    );
  });

  it("shows a reason of a kind it does not know as written", () => {
    expect(flagReasonWords("something new happened", arabic)).toBe("something new happened");
    expect(flagReasonWords(null, arabic)).toBe("");
  });
});
