"use client";
// Credentials go to next-auth (which fetches its CSRF token itself); the refusal reason comes back as
// the error text lib/operators/sign-in/authorize-operator.ts throws: INVALID, LOCKED:<seconds>,
// ACCOUNT_LOCKED:<seconds>, or CODE_REQUIRED /
// CODE_INVALID for an account with two-step sign-in, which then shows the code field, or
// PASSKEY_REQUIRED. A passkey signs in on its own: the page starts a ceremony, the browser asks the
// device, and the answer goes to next-auth like a password would.
import { startAuthentication } from "@simplewebauthn/browser";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { useT } from "@/app/admin/_ui/i18n-client";
import type { Translate } from "@/lib/console/i18n/translate";

function refusal(error: string, t: Translate): string {
  if (error.startsWith("ACCOUNT_LOCKED")) {
    const seconds = Number(error.split(":")[1] ?? 60);
    return t("signIn.error.ACCOUNT_LOCKED", { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (error.startsWith("LOCKED")) {
    const seconds = Number(error.split(":")[1] ?? 60);
    return t("signIn.error.LOCKED", { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (error === "INVALID" || error === "CredentialsSignin") return t("signIn.error.INVALID");
  if (error === "CODE_REQUIRED") return t("signIn.codeNeeded");
  if (error === "CODE_INVALID") return t("signIn.error.CODE_INVALID");
  if (error === "PASSKEY_REQUIRED") return t("signIn.passkeyNeeded");
  if (error === "PASSKEY_CANCELLED") return t("signIn.error.PASSKEY_CANCELLED");
  if (/too many/i.test(error)) return t("signIn.error.RATE_LIMITED");
  return t("signIn.error.UNAVAILABLE");
}

/** A passkey's answer to a new sign-in ceremony, as next-auth's credentials, or why there is none. */
async function passkeyAnswer(): Promise<{ passkey: string; ceremony: string } | { refusal: string }> {
  const started = await fetch("/api/sign-in/passkey", { method: "POST" }).catch(() => null);
  if (!started?.ok) return { refusal: started?.status === 429 ? "too many" : "" };
  const { ceremonyId, options } = (await started.json()) as {
    ceremonyId: string;
    options: Parameters<typeof startAuthentication>[0]["optionsJSON"];
  };
  try {
    const answer = await startAuthentication({ optionsJSON: options });
    return { passkey: JSON.stringify(answer), ceremony: ceremonyId };
  } catch {
    return { refusal: "PASSKEY_CANCELLED" };
  }
}

export function SignInForm({ initialError }: { initialError?: string | undefined }) {
  const t = useT();
  const [error, setError] = useState(initialError ? refusal(initialError, t) : "");
  const [working, setWorking] = useState(false);
  // Shown once the password was right and the account has two-step sign-in on.
  const [askCode, setAskCode] = useState(false);

  /** Hands credentials to next-auth; into the console when they hold, the reason when not. */
  async function attempt(credentials: Record<string, string>) {
    setWorking(true);
    setError("");
    try {
      const result = await signIn("credentials", { ...credentials, redirect: false });
      if (result?.ok && !result.error) {
        const next = new URLSearchParams(window.location.search).get("callbackUrl");
        // Only back into the console, never to another site.
        window.location.assign(next?.startsWith("/admin") ? next : "/admin");
        return;
      }
      const reason = result?.error ?? "";
      if (reason.startsWith("CODE_")) setAskCode(true);
      setError(refusal(reason, t));
    } catch {
      setError(t("signIn.error.UNAVAILABLE"));
    }
    setWorking(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await attempt({
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      code: String(form.get("code") ?? ""),
    });
  }

  async function withPasskey() {
    setError("");
    const answer = await passkeyAnswer();
    if ("refusal" in answer) setError(refusal(answer.refusal, t));
    else await attempt(answer);
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
      {askCode ? <CodeField label={t("signIn.code")} /> : null}
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={working}>
          {working ? t("signIn.working") : t("signIn.submit")}
        </button>
        <button className="btn" type="button" id="passkey-sign-in" disabled={working} onClick={withPasskey}>
          {t("signIn.passkey")}
        </button>
      </div>
    </form>
  );
}

/** The second step's field: a code from the app or a recovery code. */
function CodeField({ label }: { label: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        required
        maxLength={20}
        dir="ltr"
        // biome-ignore lint/a11y/noAutofocus: the field appears because it is the next thing to type
        autoFocus
      />
    </label>
  );
}
