"use client";
// Signing out a session from the sessions page (one, or all but this one), each after saying what
// that does: the browser it belongs to is signed out at its next request.
import { callAdminApi } from "./admin-api";
import { useErrorText } from "./error-words";
import { FormDialog } from "./form-dialog";
import { useT } from "./i18n-client";

/** `revokesKeys`: another operator's session, whose ending revokes their API keys too. */
export function EndSession({
  sessionId,
  device,
  revokesKeys = false,
}: {
  sessionId: string;
  device: string;
  revokesKeys?: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  async function end(): Promise<string | undefined> {
    const answer = await callAdminApi(`/api/admin/sessions/${sessionId}`, { method: "DELETE" });
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("sessions.end")}
      triggerClass="btn btn-small"
      triggerData={`end-session-${sessionId}`}
      title={t("sessions.end")}
      submit={end}
      submitLabel={t("sessions.end")}
      submitClass="btn btn-danger"
    >
      <p dir="auto">{t("sessions.endConfirm", { device })}</p>
      {revokesKeys ? <p className="muted">{t("operators.revokesKeys")}</p> : null}
    </FormDialog>
  );
}

export function EndOtherSessions() {
  const t = useT();
  const errorText = useErrorText();
  async function end(): Promise<string | undefined> {
    const answer = await callAdminApi("/api/admin/sessions/end-others");
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("sessions.endOthers")}
      triggerClass="btn"
      triggerData="end-other-sessions"
      title={t("sessions.endOthers")}
      submit={end}
      submitLabel={t("sessions.endOthers")}
      submitClass="btn btn-danger"
    >
      <p dir="auto">{t("sessions.endOthersConfirm")}</p>
    </FormDialog>
  );
}
