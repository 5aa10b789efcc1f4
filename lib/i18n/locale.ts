import "server-only";
// Which language a console page is drawn in: the operator's choice (a cookie set by the language
// switch), else what their browser asks for first, else English.
import { cookies, headers } from "next/headers";
import { isLocale, LOCALE_COOKIE, type Locale } from "./translate";

export async function currentLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  const accepted = (await headers()).get("accept-language") ?? "";
  return /^\s*ar\b/i.test(accepted) ? "ar" : "en";
}
