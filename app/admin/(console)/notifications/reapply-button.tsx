"use client";
// Applies a stored notification again, after a dialog that says what that does: a new attempt,
// written on the order's timeline under the operator's name, never a change to what the wallet sent.
// The outcome is said in words (applied, nothing to do, refused and why), never as raw JSON.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";
import { dynamicKey } from "@/lib/console/i18n/translate";

export function ReapplyButton({ notificationId }: { notificationId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const router = useRouter();
  const [outcome, setOutcome] = useState("");
  return (
    <span>
      <FormDialog
        trigger={t("notifications.reapply")}
        triggerClass="btn btn-small"
        triggerData={`reapply-${notificationId}`}
        title={t("notifications.reapplyTitle")}
        submit={async () => {
          const answer = await sent(
            consoleApi.POST("/api/admin/notifications/{id}/reapply", {
              params: { path: { id: notificationId } },
            }),
          );
          if (!answer.ok) return t("common.error", { message: errorText(answer) });
          const status =
            answer.ok && answer.body && "result" in answer.body ? answer.body.result.status : "NOTHING_TO_DO";
          setOutcome(t(dynamicKey("notifications.reapplied", status)));
          router.refresh();
          return undefined;
        }}
        submitLabel={t("notifications.reapplyConfirm")}
      >
        <p>{t("notifications.reapplyExplain")}</p>
      </FormDialog>
      {outcome ? (
        <span role="status" className="muted" data-reapplied>
          {" "}
          {outcome}
        </span>
      ) : null}
    </span>
  );
}
