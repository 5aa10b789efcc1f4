"use client";
// Credentials go to next-auth (which fetches its CSRF token itself); the refusal reason comes back as
// the error text lib/auth/authorize-operator.ts throws: INVALID or LOCKED:<seconds>.
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import type { Translate } from "@/lib/i18n/translate";
import { useT } from "../_ui/i18n-client";

function refusal(error: string, t: Translate): string {
  if (error.startsWith("LOCKED")) {
    const seconds = Number(error.split(":")[1] ?? 60);
    return t("signIn.error.LOCKED", { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (error === "INVALID" || error === "CredentialsSignin") return t("signIn.error.INVALID");
  if (/too many/i.test(error)) return t("signIn.error.RATE_LIMITED");
  return t("signIn.error.UNAVAILABLE");
}

export function SignInForm({ initialError }: { initialError?: string | undefined }) {
  const t = useT();
  const [error, setError] = useState(initialError ? refusal(initialError, t) : "");
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setWorking(true);
    setError("");
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        const next = new URLSearchParams(window.location.search).get("callbackUrl");
        // Only back into the console, never to another site.
        window.location.assign(next?.startsWith("/admin") ? next : "/admin");
        return;
      }
      setError(refusal(result?.error ?? "", t));
    } catch {
      setError(t("signIn.error.UNAVAILABLE"));
    }
    setWorking(false);
  }

  return (
    <form onSubmit={submit} noValidate={false}>
      {error ? (
        <div className="notice notice-bad" role="alert" id="sign-in-error">
          {error}
        </div>
      ) : null}
      <label className="field">
        <span>{t("signIn.email")}</span>
        <input name="email" type="email" autoComplete="username" required dir="ltr" />
      </label>
      <label className="field">
        <span>{t("signIn.password")}</span>
        <input name="password" type="password" autoComplete="current-password" required dir="ltr" />
      </label>
      <button className="btn btn-primary" type="submit" disabled={working}>
        {working ? t("signIn.working") : t("signIn.submit")}
      </button>
    </form>
  );
}
