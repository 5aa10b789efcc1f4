import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { pageOperator } from "@/lib/auth/operator-session";
import { currentLocale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { LanguageSwitch } from "../_ui/language-switch";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  // Only a session that still stands goes on to the console: one that ended (signed out elsewhere,
  // idle, a password change) would be sent straight back here.
  if (await pageOperator()) redirect("/admin");
  const t = translatorFor(await currentLocale());
  const { error } = await searchParams;
  return (
    <main className="signin">
      <div className="signin-card">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t("app.name")}
        </span>
        <h1>{t("signIn.title")}</h1>
        <p>{t("signIn.intro")}</p>
        <SignInForm initialError={typeof error === "string" ? error.slice(0, 40) : undefined} />
        <div className="signin-lang">
          <LanguageSwitch />
        </div>
      </div>
    </main>
  );
}
