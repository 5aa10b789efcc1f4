"use client";
// Sends a delivery of an event again (OPERATOR). Safe to press twice: the event keeps its id, and
// receivers that check it do nothing twice.
import { ApiActionButton } from "./api-action-button";
import { consoleApi, sent } from "./console-api";
import { useT } from "./i18n-client";

export function ResendButton({ deliveryId }: { deliveryId: string }) {
  const t = useT();
  return (
    <ApiActionButton
      send={() =>
        sent(consoleApi.POST("/api/admin/deliveries/{id}/resend", { params: { path: { id: deliveryId } } }))
      }
      label={t("events.resend")}
      explain={t("events.resendExplain")}
      doneMessage={() => t("events.resent")}
      data={{ "data-resend": deliveryId }}
    />
  );
}
