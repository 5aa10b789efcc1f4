"use client";
import { formatAmount } from "@/lib/console/i18n/format";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
// What the console says when the API refuses something: always in the operator's language, from the
// answer's code, with amounts in IQD as people read them and fields by their names on the page —
// never the server's English, never fils. Where a code covers many causes (a conflict, a refusal)
// the English console may show the server's own sentence, which names the cause; the Arabic one
// says what the code means.
import { isPermission } from "@/lib/operators/roles/permissions";
import type { ApiAnswer } from "./admin-api";
import { useLocale, useT } from "./i18n-client";
import { permissionLabel } from "./role-label";

interface ApiError {
  code?: string;
  message?: string;
  details?: {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
    reference?: string;
    requestedFils?: string;
    remainingFils?: string;
    resultCode?: string;
    reason?: string;
    permission?: string;
    permissions?: string[];
    limits?: string[];
  };
}

/** Codes whose cause the server's English sentence names best (in English only). */
const SPECIFIC_IN_ENGLISH = new Set(["CONFLICT", "FORBIDDEN", "NOT_FOUND", "ORDER_STATUS_INVALID"]);

function fieldsOf(error: ApiError, t: Translate): string {
  const names = Object.keys(error.details?.fieldErrors ?? {});
  const labels = names.map((name) => {
    const key = dynamicKey("field", name);
    return key === "common.none" ? t("field.other") : t(key);
  });
  return [...new Set(labels)].join(t("field.separator")) || t("field.other");
}

/** The permissions and refund limits a refused grant went beyond, by their names on the Roles page. */
function excessWords(details: NonNullable<ApiError["details"]>, t: Translate): string {
  const limitLabel = (name: string) =>
    name === "refundLimitFils" ? t("roles.refundLimit") : t("roles.dailyLimit");
  const words = [
    ...(details.permissions ?? []).filter(isPermission).map((permission) => permissionLabel(t, permission)),
    ...(details.limits ?? []).map(limitLabel),
  ];
  return words.join(t("field.separator")) || "—";
}

export function describeError(answer: ApiAnswer, t: Translate, locale: Locale): string {
  const error = (answer.body as { error?: ApiError } | null)?.error;
  if (!error?.code)
    return answer.status === 0 ? t("error.UNREACHABLE") : t("error.HTTP", { status: answer.status });
  const details = error.details ?? {};
  const reference = details.reference ? ` (${t("error.reference", { reference: details.reference })})` : "";
  const iqd = (fils: string | undefined) => (fils ? formatAmount(BigInt(fils), locale) : "—");
  if (error.code === "FORBIDDEN" && details.permission && isPermission(details.permission)) {
    return t("error.FORBIDDEN_PERMISSION", { permission: permissionLabel(t, details.permission) });
  }
  if (error.code === "FORBIDDEN" && details.reason === "SECOND_FACTOR_REQUIRED")
    return t("error.SECOND_FACTOR_REQUIRED");
  if (error.code === "FORBIDDEN" && details.reason === "GRANT_EXCEEDS_OWN")
    return t("error.GRANT_EXCEEDS_OWN", { what: excessWords(details, t) });
  if (locale === "en" && SPECIFIC_IN_ENGLISH.has(error.code) && error.message)
    return error.message + reference;
  const key = dynamicKey("error", error.code);
  if (key === "common.none") return t("error.UNKNOWN", { code: error.code }) + reference;
  return (
    t(key, {
      requested: iqd(details.requestedFils),
      remaining: iqd(details.remainingFils),
      code: details.resultCode ?? error.code,
      fields: fieldsOf(error, t),
    }) + reference
  );
}

/** describeError in the console's language, for a component's handlers. */
export function useErrorText(): (answer: ApiAnswer) => string {
  const t = useT();
  const locale = useLocale();
  return (answer) => describeError(answer, t, locale);
}
