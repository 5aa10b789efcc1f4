"use client";
// The console's language for its browser components (dialogs, forms): the server decides the locale,
// this hands it down; the messages are the same modules the server pages use.
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type Locale, type Translate, translatorFor } from "@/lib/console/i18n/translate";

const LocaleContext = createContext<Locale>("en");

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translatorFor(locale), [locale]);
}
