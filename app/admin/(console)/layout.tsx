import type { ReactNode } from "react";
import { consolePage } from "@/app/admin/_ui/console-page";
import { LanguageSwitch } from "@/app/admin/_ui/language-switch";
import { roleLabel } from "@/app/admin/_ui/role-label";
import { SignOutButton } from "@/app/admin/_ui/sign-out-button";
import { ConsoleNav } from "./console-nav";

// The frame of every signed-in page: who is signed in, the sections their role opens, the language
// switch and sign-out.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { operator, t } = await consolePage("own-account");
  return (
    <>
      <a className="skip-link" href="#main">
        {t("nav.main")}
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <a className="brand" href="/admin">
            <span className="brand-mark" aria-hidden="true">
              ◆
            </span>
            {t("app.name")}
          </a>
          <a className="who" href="/admin/sessions" title={t("sessions.title")}>
            <strong dir="auto">{operator.name}</strong>{" "}
            <span className="role">· {roleLabel(t, { key: operator.role, name: operator.roleName })}</span>
          </a>
          <LanguageSwitch />
          <SignOutButton />
        </div>
        <ConsoleNav permissions={operator.mustEnrolSecondFactor ? [] : operator.permissions} />
      </header>
      <main id="main" className="main">
        {children}
      </main>
    </>
  );
}
