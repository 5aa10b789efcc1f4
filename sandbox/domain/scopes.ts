// Scopes and what each one releases (docs/wallet-interface.md, "Scopes and client-side authorization").
import { createHash } from "node:crypto";
import type { Merchant, User } from "../store/entities";

/** Granted without consent by `my.getAuthCode` (spec, "Authentication"). */
export const SILENT_SCOPES = ["auth_base", "USER_ID", "USER_LOGIN_ID", "HASH_LOGIN_ID"] as const;

const USER_SCOPES = [
  ...SILENT_SCOPES,
  "USER_NAME",
  "USER_AVATAR",
  "USER_GENDER",
  "USER_BIRTHDAY",
  "USER_NATIONALITY",
  "USER_CONTACTINFO",
  "NOTIFICATION_PUSH",
  "MERCHANT_ID",
  "MERCHANT_NAME",
  "MERCHANT_LOGO",
] as const;

/** Only granted by signing an agreement (walletSignContract), never by `my.getAuthCode`. */
export const AGREEMENT_SCOPE = "AGREEMENT_PAY";

export const KNOWN_SCOPES: readonly string[] = [...USER_SCOPES, AGREEMENT_SCOPE];

function maskLoginId(loginId: string): string {
  if (loginId.length <= 6) return `${loginId.slice(0, 1)}***`;
  return `${loginId.slice(0, 4)}****${loginId.slice(-3)}`;
}

function maskEmail(email: string): string {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 2)}***@${domain}`;
}

export function userInfoFor(user: User, scopes: readonly string[]): Record<string, unknown> {
  const has = (scope: string) => scopes.includes(scope);
  const info: Record<string, unknown> = {};
  if (has("USER_ID")) info.userId = user.userId;
  if (has("USER_LOGIN_ID"))
    info.loginIdInfos = [{ loginIdType: "MOBILE_PHONE", maskLoginId: maskLoginId(user.loginId) }];
  if (has("USER_NAME")) {
    info.userName = {
      fullName: user.fullName,
      firstName: user.firstName,
      secondName: "",
      thirdName: "",
      lastName: user.lastName,
    };
  }
  if (has("USER_AVATAR")) info.avatar = user.avatar;
  if (has("USER_GENDER")) info.gender = user.gender;
  if (has("USER_BIRTHDAY")) info.birthDate = user.birthDate;
  if (has("USER_NATIONALITY")) info.nationality = user.nationality;
  if (has("USER_CONTACTINFO")) {
    info.contactInfos = [
      { contactType: "MOBILE_PHONE", contactNo: maskLoginId(user.loginId) },
      { contactType: "EMAIL", contactNo: maskEmail(user.email) },
    ];
  }
  // A sandbox choice: HASH_LOGIN_ID releases a stable hash of the login id in extendInfo.
  if (has("HASH_LOGIN_ID")) {
    info.extendInfo = { hashLoginId: createHash("sha256").update(user.loginId).digest("hex") };
  }
  return info;
}

export function merchantInfoFor(merchant: Merchant, scopes: readonly string[]): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  if (scopes.includes("MERCHANT_ID")) info.merchantId = merchant.merchantId;
  if (scopes.includes("MERCHANT_NAME")) {
    info.merchantName = merchant.merchantName;
    info.merchantNameArabic = merchant.merchantNameArabic;
  }
  if (scopes.includes("MERCHANT_LOGO")) info.merchantLogo = merchant.merchantLogo;
  return info;
}
