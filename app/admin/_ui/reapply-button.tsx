"use client";
// Re-applies a stored notification (OPERATOR). Safe to press twice: applying is idempotent.
import { ApiActionButton } from "./api-action-button";
import { useT } from "./i18n-client";

export function ReapplyButton({ notificationId }: { notificationId: string }) {
  const t = useT();
  return (
    <ApiActionButton
      path={`/api/admin/notifications/${notificationId}/reapply`}
      label={t("notifications.reapply")}
      explain={t("notifications.reapplyExplain")}
      doneMessage={(answer) =>
        t("notifications.reapplied", {
          result: JSON.stringify((answer.body as { result?: unknown } | null)?.result ?? ""),
        })
      }
    />
  );
}
