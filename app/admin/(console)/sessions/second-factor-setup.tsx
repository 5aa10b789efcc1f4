"use client";
// Setting up two-step sign-in: a new secret shown as a QR code (and as text, for an app that cannot
// scan), one code from the app typed back to put it in force, then the ten recovery codes, shown
// this once.
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { BidiText } from "@/app/admin/_ui/bidi-text";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { useLocale, useT } from "@/app/admin/_ui/i18n-client";

export function SecondFactorSetup() {
  const t = useT();
  const errorText = useErrorText();
  const [scan, setScan] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function start() {
    setWorking(true);
    setProblem("");
    const answer = await sent(consoleApi.POST("/api/admin/me/second-factor"));
    setWorking(false);
    if (answer.ok && answer.body) setScan(answer.body);
    else setProblem(t("common.error", { message: errorText(answer) }));
  }

  if (codes) return <SavedCodes codes={codes} />;
  if (scan) return <ScanAndConfirm {...scan} onConfirmed={setCodes} />;
  return (
    <div className="stack">
      <p className="muted">{t("secondFactor.explain")}</p>
      {problem ? (
        <p className="notice notice-bad" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        data-action="start-2fa"
        disabled={working}
        onClick={start}
      >
        {working ? t("common.loading") : t("secondFactor.setUp")}
      </button>
    </div>
  );
}

/** The QR code and the key, and the code typed back that puts them in force. */
function ScanAndConfirm(props: { secret: string; qrSvg: string; onConfirmed: (codes: string[]) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const locale = useLocale();
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWorking(true);
    setProblem("");
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    const answer = await sent(consoleApi.POST("/api/admin/me/second-factor/confirm", { body: { code } }));
    setWorking(false);
    if (answer.ok && answer.body) props.onConfirmed(answer.body.recoveryCodes);
    else setProblem(t("common.error", { message: errorText(answer) }));
  }

  return (
    <form className="stack" onSubmit={confirm}>
      <p data-testid="second-factor-scan">
        <BidiText text={t("secondFactor.scan")} locale={locale} />
      </p>
      {/* The server's SVG as an image: drawn from our own otpauth address, and never run as markup. */}
      {/* biome-ignore lint/performance/noImgElement: a data: URL of a few hundred bytes; next/image would only add a loader */}
      <img className="qr" alt={t("secondFactor.qr")} src={`data:image/svg+xml;base64,${btoa(props.qrSvg)}`} />
      <p className="muted">
        {t("secondFactor.orType")}{" "}
        <code className="mono break" dir="ltr" data-totp-secret>
          {props.secret}
        </code>
      </p>
      <label className="field">
        <span>{t("secondFactor.code")}</span>
        <input
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          dir="ltr"
        />
      </label>
      {problem ? (
        <p className="notice notice-bad" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={working}>
        {working ? t("common.loading") : t("secondFactor.turnOn")}
      </button>
    </form>
  );
}

/** The recovery codes, this once. */
function SavedCodes({ codes }: { codes: string[] }) {
  const t = useT();
  const router = useRouter();
  return (
    <div className="stack">
      <p className="notice notice-warn">{t("secondFactor.codesOnce")}</p>
      <ol className="recovery-codes mono" dir="ltr" data-recovery-codes>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button type="button" className="btn btn-primary" onClick={() => router.refresh()}>
        {t("secondFactor.saved")}
      </button>
    </div>
  );
}
