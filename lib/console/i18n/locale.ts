import "server-only";
// Which language a console page is drawn in: the operator's choice (a cookie set by the language
// switch), else what their browser asks for first, else English.
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { isLocale, LOCALE_COOKIE, type Locale } from "./translate";

// Once per request, however many layouts and pages ask.
export const currentLocale = cache(async (): Promise<Locale> => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  const accepted = (await headers()).get("accept-language") ?? "";
  return /^\s*ar\b/i.test(accepted) ? "ar" : "en";
});
