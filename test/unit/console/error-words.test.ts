import { describe, expect, it } from "vitest";
import { describeError } from "@/app/admin/_ui/error-words";
import { translatorFor } from "@/lib/console/i18n/translate";

const refused = (error: object, status = 422) => ({ ok: false, status, body: { error } });
const arabic = translatorFor("ar");
const english = translatorFor("en");
const LATIN_LETTERS = /[A-Za-z]/;

describe("describeError: what the console says when the API refuses", () => {
  it("says an amount beyond the refundable in IQD, in the operator's language, never in fils", () => {
    const answer = refused({
      code: "AMOUNT_EXCEEDS_REMAINING",
      message: "refund of 16000000 fils exceeds the 15000000 fils still refundable",
      details: { requestedFils: "16000000", remainingFils: "15000000" },
    });
    expect(describeError(answer, english, "en")).toBe("16,000 IQD is more than what is left: 15,000 IQD.");
    const inArabic = describeError(answer, arabic, "ar");
    expect(inArabic).not.toMatch(LATIN_LETTERS);
    expect(inArabic).not.toContain("fils");
  });

  it("names fields by their names on the page, and a missing permission in words", () => {
    const invalid = refused(
      {
        code: "VALIDATION_FAILED",
        message: "x",
        details: { fieldErrors: { amount: ["bad"], reason: ["x"] } },
      },
      400,
    );
    expect(describeError(invalid, english, "en")).toBe("Some fields are not right: amount, reason.");
    expect(describeError(invalid, arabic, "ar")).not.toMatch(LATIN_LETTERS);
    const forbidden = refused(
      {
        code: "FORBIDDEN",
        message: "This needs the orders.refund permission",
        details: { permission: "orders.refund" },
      },
      403,
    );
    expect(describeError(forbidden, arabic, "ar")).not.toMatch(LATIN_LETTERS);
    expect(describeError(forbidden, english, "en")).toContain(
      "“Refund (above the limits: ask for approval)”",
    );
  });

  it("keeps the wallet's code beside the words, and falls back to words for codes it does not know", () => {
    expect(
      describeError(
        refused({ code: "WALLET_REJECTED", message: "x", details: { resultCode: "RISK_REJECT" } }),
        arabic,
        "ar",
      ),
    ).toBe("رفضت المحفظة ذلك (RISK_REJECT).");
    expect(describeError(refused({ code: "SOMETHING_NEW", message: "x" }), english, "en")).toContain(
      "SOMETHING_NEW",
    );
    expect(describeError({ ok: false, status: 0, body: null }, arabic, "ar")).not.toMatch(LATIN_LETTERS);
  });

  it("shows the server's own sentence for a conflict in English, and its meaning in Arabic", () => {
    const conflict = refused({ code: "CONFLICT", message: "This refund request was already approved." }, 409);
    expect(describeError(conflict, english, "en")).toBe("This refund request was already approved.");
    expect(describeError(conflict, arabic, "ar")).not.toMatch(LATIN_LETTERS);
  });

  it("names what a refused grant went beyond, permissions and refund limits, in either language", () => {
    const beyond = refused(
      {
        code: "FORBIDDEN",
        message: "The role X would have the permissions refunds.approve",
        details: {
          reason: "GRANT_EXCEEDS_OWN",
          permissions: ["refunds.approve"],
          limits: ["refundLimitFils"],
        },
      },
      403,
    );
    const inEnglish = describeError(beyond, english, "en");
    expect(inEnglish).toContain("more than your own role holds");
    expect(inEnglish).toContain("Largest refund without approval (IQD)");
    expect(inEnglish, "not the server's permission code").not.toContain("refunds.approve");
    expect(describeError(beyond, arabic, "ar")).not.toMatch(/[A-Za-z]{3}/);
  });
});
