import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { currentLocale } from "@/lib/console/i18n/locale";
import { directionOf } from "@/lib/console/i18n/translate";
import "./globals.css";

export const metadata: Metadata = {
  title: "Wallet merchant starter",
  description: "Merchant backend for wallet mini programs",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The language (and so the writing direction) is the operator console's choice; the rest of the
// site is English and sets its own direction.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await currentLocale();
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>{children}</body>
    </html>
  );
}
