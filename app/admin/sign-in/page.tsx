import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LanguageSwitch } from "@/app/admin/_ui/language-switch";
import { currentLocale } from "@/lib/console/i18n/locale";
import { dynamicKey, translatorFor } from "@/lib/console/i18n/translate";
import { pageOperator } from "@/lib/operators/current-operator";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; ended?: string }>;
}) {
  // Only a session that still stands goes on to the console: one that ended (signed out elsewhere,
  // idle, a password change) would be sent straight back here.
  if (await pageOperator()) redirect("/admin");
  const t = translatorFor(await currentLocale());
  const { error, ended } = await searchParams;
  // Why the session this browser had is over (lib/operators/current-operator.ts sends it here).
  const endedKey = typeof ended === "string" ? dynamicKey("signIn.ended", ended) : "common.none";
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
        {endedKey !== "common.none" ? (
          <p className="notice notice-warn" role="status" id="session-ended" data-ended={ended}>
            {t(endedKey)}
          </p>
        ) : null}
        <p>{t("signIn.intro")}</p>
        <SignInForm initialError={typeof error === "string" ? error.slice(0, 40) : undefined} />
        <div className="signin-lang">
          <LanguageSwitch />
        </div>
      </div>
    </main>
  );
}
