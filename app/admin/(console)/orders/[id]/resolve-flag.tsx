"use client";
// Clearing an order's flag once it is dealt with: a note saying what was found and done is required,
// and goes on the order's timeline and in the audit log.
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useT } from "@/app/admin/_ui/i18n-client";

export function ResolveFlag({ orderId }: { orderId: string }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <FormDialog
      trigger={t("flag.resolve")}
      triggerClass="btn btn-small"
      triggerData="resolve-flag"
      title={t("flag.resolveTitle")}
      submit={async (form) => {
        const answer = await sent(
          consoleApi.POST("/api/admin/orders/{id}/resolve-flag", {
            params: { path: { id: orderId } },
            body: { note: String(form.get("note") ?? "").trim() },
          }),
        );
        return answer.ok ? undefined : t("common.error", { message: errorText(answer) });
      }}
      submitLabel={t("flag.resolveConfirm")}
    >
      <p>{t("flag.resolveExplain")}</p>
      <label className="field">
        <span>{t("flag.note")}</span>
        <textarea name="note" required minLength={3} maxLength={500} rows={3} dir="auto" />
      </label>
    </FormDialog>
  );
}
