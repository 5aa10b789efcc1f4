"use client";
// Sends a delivery of an event again (OPERATOR). Safe to press twice: the event keeps its id, and
// receivers that check it do nothing twice.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callAdminApi, errorText } from "./admin-api";
import { useT } from "./i18n-client";

export function ResendButton({ deliveryId }: { deliveryId: string }) {
  const t = useT();
  const router = useRouter();
  const [state, setState] = useState<{ working: boolean; message?: string; failed?: boolean }>({
    working: false,
  });
  return (
    <span>
      <button
        type="button"
        className="btn btn-small"
        title={t("events.resendExplain")}
        disabled={state.working}
        data-resend={deliveryId}
        onClick={async () => {
          setState({ working: true });
          const answer = await callAdminApi(`/api/admin/deliveries/${deliveryId}/resend`);
          setState(
            answer.ok
              ? { working: false, message: t("events.resent") }
              : { working: false, failed: true, message: t("common.error", { message: errorText(answer) }) },
          );
          if (answer.ok) router.refresh();
        }}
      >
        {state.working ? t("common.loading") : t("events.resend")}
      </button>
      {state.message ? (
        <span role="status" className={state.failed ? "flag" : "muted"}>
          {" "}
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
