"use client";
// A page that could not be drawn (the database unreachable, say): a calm message and a way to try
// again, never a stack trace. The server logged the error under the digest shown.
import { useT } from "@/app/admin/_ui/i18n-client";

export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useT();
  return (
    <section className="card" role="alert">
      <h1 style={{ fontSize: "1.2rem", marginTop: 0 }}>{t("signIn.error.UNAVAILABLE")}</h1>
      {error.digest ? (
        <p className="muted">
          {t("common.reference")}: <span className="mono">{error.digest}</span>
        </p>
      ) : null}
      <button type="button" className="btn btn-primary" onClick={() => reset()}>
        ↻
      </button>
    </section>
  );
}
