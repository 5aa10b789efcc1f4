"use client";
// Re-applies a stored notification (OPERATOR). Safe to press twice: applying is idempotent.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callAdminApi, errorText } from "./admin-api";
import { useT } from "./i18n-client";

export function ReapplyButton({ notificationId }: { notificationId: string }) {
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
        title={t("notifications.reapplyExplain")}
        disabled={state.working}
        onClick={async () => {
          setState({ working: true });
          const answer = await callAdminApi<{ result?: unknown }>(
            `/api/admin/notifications/${notificationId}/reapply`,
          );
          if (answer.ok) {
            setState({
              working: false,
              message: t("notifications.reapplied", { result: JSON.stringify(answer.body?.result ?? "") }),
            });
            router.refresh();
          } else {
            setState({
              working: false,
              failed: true,
              message: t("common.error", { message: errorText(answer) }),
            });
          }
        }}
      >
        {state.working ? t("common.loading") : t("notifications.reapply")}
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
