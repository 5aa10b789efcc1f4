import { describe, expect, it } from "vitest";
import { ar } from "@/lib/console/i18n/ar";
import { en } from "@/lib/console/i18n/en";
import { formatAmount, formatBaghdadDay, formatBaghdadTime, formatUtc } from "@/lib/console/i18n/format";
import { directionOf, dynamicKey, translate, translatorFor } from "@/lib/console/i18n/translate";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the console's messages", () => {
  it("has an Arabic text for every English one, with the same placeholders", () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(ar[key as keyof typeof en]), key).toEqual(placeholders(text));
      expect(ar[key as keyof typeof en].trim(), key).not.toBe("");
    }
  });

  it("fills placeholders and leaves an unknown one visible", () => {
    expect(translate(en, "dashboard.ordersCount", { count: 3 })).toBe("3 orders");
    expect(translate(en, "action.refund.formula", { captured: "a" })).toBe(
      "Captured a − refunded {refunded} − in process {pending} = refundable {refundable}",
    );
    expect(translatorFor("ar")("nav.orders")).toBe("الطلبات");
  });

  it("looks up run-time keys only among the messages", () => {
    expect(dynamicKey("status", "PAID")).toBe("status.PAID");
    expect(dynamicKey("status", "toString")).toBe("common.none");
    expect(dynamicKey("status", "__proto__")).toBe("common.none");
  });

  it("writes Arabic right to left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});

describe("amounts and times as operators in Iraq read them", () => {
  it("shows dinars, with fils only when there are some", () => {
    expect(formatAmount(12_000_000n, "en")).toBe("12,000 IQD");
    expect(formatAmount(12_000_250n, "en")).toBe("12,000.250 IQD");
    expect(formatAmount(12_000_000n, "ar")).toBe("12,000 د.ع");
    expect(formatAmount(0n, "en")).toBe("0 IQD");
  });

  it("shows Baghdad time (UTC+3, no daylight saving) with Latin digits, and UTC for the tooltip", () => {
    const time = new Date("2026-06-30T21:30:00Z"); // already 1 July in Baghdad
    expect(formatBaghdadTime(time, "en")).toBe("1 Jul 2026, 00:30");
    expect(formatBaghdadDay(time, "en")).toBe("1 Jul 2026");
    expect(formatBaghdadTime(time, "ar")).toMatch(/^1 .+ 2026، 00:30$/);
    expect(formatUtc(time)).toBe("2026-06-30 21:30:00 UTC");
  });
});
