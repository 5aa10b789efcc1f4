// Deliveries of events as table rows: where each went, how it ended, its last answer, and a way to
// send it again. Used by an order's events and by the Events page's dead letter and logs.

import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { can, type Permission } from "@/lib/operators/roles/permissions";
import { DeliveryStatusBadge } from "./badges";
import { DataTable } from "./data-table";
import { Time } from "./format";
import { ResendButton } from "./resend-button";

export interface DeliveryRowData {
  id: string;
  eventType: string;
  targetKind: "HOOK" | "WEBHOOK";
  targetName: string;
  status: "PENDING" | "DELIVERED" | "DEAD";
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  lastFailure: string | null;
  createdAt: Date;
  lastAttempt: { statusCode: number | null; latencyMs: number; ok: boolean } | null;
}

/**
 * The status, the time and why it failed: a webhook's failure in the operator's language (its
 * receiver's answer is never kept), a hook's own error as it wrote it.
 */
function lastAnswer(delivery: DeliveryRowData, t: Translate) {
  const attempt = delivery.lastAttempt;
  if (!attempt) return "—";
  const code = attempt.statusCode === null ? "" : `HTTP ${attempt.statusCode} · `;
  const why = delivery.lastFailure
    ? t(dynamicKey("outbound.failure", delivery.lastFailure))
    : delivery.lastError;
  return `${code}${attempt.latencyMs} ms${attempt.ok || !why ? "" : ` · ${why}`}`;
}

export function DeliveryTable({
  deliveries,
  locale,
  t,
  permissions,
  showEvent,
}: {
  deliveries: readonly DeliveryRowData[];
  locale: Locale;
  t: Translate;
  permissions: readonly Permission[];
  showEvent: boolean;
}) {
  const canResend = can({ permissions }, "deliveries.resend");
  return (
    <DataTable
      cards
      columns={[
        ...(showEvent ? [{ label: t("events.col.event") }] : []),
        { label: t("events.col.target") },
        { label: t("events.col.status") },
        { label: t("events.col.attempts"), num: true },
        { label: t("events.col.last") },
        ...(canResend ? [{ label: "" }] : []),
      ]}
    >
      {deliveries.map((delivery) => (
        <tr key={delivery.id} data-delivery={delivery.id} data-target-kind={delivery.targetKind}>
          {showEvent ? (
            <td data-label={t("events.col.event")}>
              {t(dynamicKey("eventType", delivery.eventType))}{" "}
              <Time at={delivery.createdAt} locale={locale} />
            </td>
          ) : null}
          <td data-label={t("events.col.target")}>
            <span>
              <span className="muted">{t(dynamicKey("events.kind", delivery.targetKind))}</span>{" "}
              <span className="mono break">{delivery.targetName}</span>
            </span>
          </td>
          <td data-label={t("events.col.status")}>
            <span>
              <DeliveryStatusBadge status={delivery.status} t={t} />
              {delivery.nextAttemptAt ? (
                <span className="muted">
                  {" "}
                  {t("events.nextTry", { time: "" })}
                  <Time at={delivery.nextAttemptAt} locale={locale} />
                </span>
              ) : null}
            </span>
          </td>
          <td className="num" data-label={t("events.col.attempts")}>
            {delivery.attempts}
          </td>
          <td className="break" data-label={t("events.col.last")}>
            <bdi>{lastAnswer(delivery, t)}</bdi>
          </td>
          {canResend ? (
            <td data-label="">
              {delivery.status === "PENDING" ? null : <ResendButton deliveryId={delivery.id} />}
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
