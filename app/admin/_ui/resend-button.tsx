"use client";
// Sends a delivery of an event again (OPERATOR). Safe to press twice: the event keeps its id, and
// receivers that check it do nothing twice.
import { ApiActionButton } from "./api-action-button";
import { useT } from "./i18n-client";

export function ResendButton({ deliveryId }: { deliveryId: string }) {
  const t = useT();
  return (
    <ApiActionButton
      path={`/api/admin/deliveries/${deliveryId}/resend`}
      label={t("events.resend")}
      explain={t("events.resendExplain")}
      doneMessage={() => t("events.resent")}
      data={{ "data-resend": deliveryId }}
    />
  );
}
