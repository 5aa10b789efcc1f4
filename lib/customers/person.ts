// A customer as a person, from what the wallet last told us about them (inquiryUserInfo, kept in
// customers.profile, limited to the scopes they granted): their name as the wallet writes it (Arabic
// or Latin), their phone number as the wallet shows it (masked: "+964****567"), and initials for an
// avatar. Operators see it only with the customers.personal-data permission.
import { userInfo } from "@/lib/wallet/operations";

export interface Person {
  name: string | null;
  phone: string | null;
  /** One or two letters for an avatar; null without a name. */
  initials: string | null;
}

const NOBODY: Person = { name: null, phone: null, initials: null };

function initialsOf(name: string): string | null {
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^\P{L}+/u, "")][0] ?? "");
  const initials = letters.join("").toLocaleUpperCase();
  return initials || null;
}

export function personOf(profile: unknown): Person {
  const parsed = userInfo.safeParse(profile ?? undefined);
  if (!parsed.success) return NOBODY;
  const { userName, contactInfos, loginIdInfos } = parsed.data;
  const name =
    userName?.fullName?.trim() ||
    [userName?.firstName, userName?.lastName].filter((part) => part?.trim()).join(" ") ||
    null;
  const phone =
    contactInfos?.find((contact) => contact.contactType === "MOBILE_PHONE")?.contactNo ??
    loginIdInfos?.[0]?.maskLoginId ??
    null;
  return { name, phone, initials: name ? initialsOf(name) : null };
}
