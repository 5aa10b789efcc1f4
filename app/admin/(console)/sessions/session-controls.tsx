"use client";
// Signing out sessions from the sessions page, each after saying what that does: one session, all of
// one's own but this one, or (an ADMIN, on another operator's page) all of theirs. The browser a
// session belongs to is signed out at its next request; one an administrator ended is told so, and
// that operator's API keys are revoked with it.
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";

export function EndSession({
  sessionId,
  device,
  whose,
}: {
  sessionId: string;
  /** The session named apart from the others: browser, system, address and last use. */
  device: string;
  /** The operator's name when the session is someone else's: the dialog speaks of them. */
  whose?: string | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  async function end(): Promise<string | undefined> {
    const answer = await sent(
      consoleApi.DELETE("/api/admin/sessions/{id}", { params: { path: { id: sessionId } } }),
    );
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  return (
    <FormDialog
      trigger={t("sessions.end")}
      triggerClass="btn btn-small btn-danger-outline"
      triggerData={`end-session-${sessionId}`}
      title={t("sessions.end")}
      submit={end}
      submitLabel={t("sessions.end")}
      submitClass="btn btn-danger"
    >
      <p>
        {whose ? t("sessions.endConfirmOf", { name: whose, device }) : t("sessions.endConfirm", { device })}
      </p>
      {/* Another operator's session: ending it revokes their API keys too. */}
      {whose ? <p className="muted">{t("operators.revokesKeys")}</p> : null}
    </FormDialog>
  );
}

/** All one's own sessions but this one; or, with `whose`, every session of that operator. */
export function EndOtherSessions({ whose }: { whose?: { id: string; name: string } | undefined }) {
  const t = useT();
  const errorText = useErrorText();
  async function end(): Promise<string | undefined> {
    const query = whose ? { operatorId: whose.id } : {};
    const answer = await sent(consoleApi.POST("/api/admin/sessions/end-others", { params: { query } }));
    return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
  }
  const label = whose ? t("sessions.endAll", { name: whose.name }) : t("sessions.endOthers");
  return (
    <FormDialog
      trigger={label}
      triggerClass="btn btn-danger-outline"
      triggerData={whose ? "end-all-sessions" : "end-other-sessions"}
      title={label}
      submit={end}
      submitLabel={label}
      submitClass="btn btn-danger"
    >
      <p>{whose ? t("sessions.endAllConfirm", { name: whose.name }) : t("sessions.endOthersConfirm")}</p>
      {whose ? <p className="muted">{t("operators.revokesKeys")}</p> : null}
    </FormDialog>
  );
}
