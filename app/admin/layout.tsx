import type { Metadata } from "next";
import type { ReactNode } from "react";
import { I18nProvider } from "@/app/admin/_ui/i18n-client";
import { currentLocale } from "@/lib/console/i18n/locale";
import "./console.css";

export const metadata: Metadata = {
  title: { default: "Merchant console", template: "%s · Merchant console" },
  robots: { index: false, follow: false },
};

// Every console page reads the session and the database: never prerendered, never cached.
export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const locale = await currentLocale();
  return (
    <I18nProvider locale={locale}>
      <div className="console">{children}</div>
    </I18nProvider>
  );
}
