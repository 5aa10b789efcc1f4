"use client";
import { signOut } from "next-auth/react";
import { useT } from "./i18n-client";

export function SignOutButton() {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => signOut({ callbackUrl: "/admin/sign-in" })}
    >
      {t("signOut")}
    </button>
  );
}
