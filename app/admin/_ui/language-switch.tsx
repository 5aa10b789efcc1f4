"use client";
// English ⇄ Arabic. The choice is kept in a cookie for a year and the page is drawn again from the
// server in the other language and direction.
import { LOCALE_COOKIE } from "@/lib/console/i18n/translate";
import { useLocale, useT } from "./i18n-client";

export function LanguageSwitch() {
  const locale = useLocale();
  const t = useT();
  const other = locale === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className="btn btn-quiet"
      lang={other}
      // The visible word is the accessible name (in its own language, `lang`); the longer
      // explanation is a hint, so what a voice-control user says matches what they see.
      title={t("language.switchLabel")}
      onClick={() => {
        // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every browser operators use
        document.cookie = `${LOCALE_COOKIE}=${other}; path=/; max-age=31536000; samesite=lax`;
        window.location.reload();
      }}
    >
      {t("language.switch")}
    </button>
  );
}
