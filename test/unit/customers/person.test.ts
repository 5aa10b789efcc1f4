import { describe, expect, it } from "vitest";
import { personOf } from "@/lib/customers/person";

describe("personOf: a customer as operators see them", () => {
  it("reads the name, the masked phone and initials the wallet gave", () => {
    expect(
      personOf({
        userName: { fullName: "علي حسن", firstName: "علي", lastName: "حسن" },
        contactInfos: [
          { contactType: "EMAIL", contactNo: "al***@mail.iq" },
          { contactType: "MOBILE_PHONE", contactNo: "+964****567" },
        ],
      }),
    ).toEqual({ name: "علي حسن", phone: "+964****567", initials: "عح" });
  });

  it("falls back to first and last name, and to the login id for the phone", () => {
    expect(
      personOf({
        userName: { firstName: "sara", lastName: "Kareem" },
        loginIdInfos: [{ maskLoginId: "+964****123" }],
      }),
    ).toEqual({ name: "sara Kareem", phone: "+964****123", initials: "SK" });
  });

  it("knows nobody without a profile, or with one the wallet limited to other scopes", () => {
    expect(personOf(null)).toEqual({ name: null, phone: null, initials: null });
    expect(personOf({ userId: "2088" })).toEqual({ name: null, phone: null, initials: null });
    expect(personOf("not an object")).toEqual({ name: null, phone: null, initials: null });
  });
});
