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
  createdAt: Date;
  lastAttempt: { statusCode: number | null; latencyMs: number; ok: boolean } | null;
}

function lastAnswer(delivery: DeliveryRowData) {
  const attempt = delivery.lastAttempt;
  if (!attempt) return "—";
  const code = attempt.statusCode === null ? "" : `HTTP ${attempt.statusCode} · `;
  return `${code}${attempt.latencyMs} ms${attempt.ok || !delivery.lastError ? "" : ` · ${delivery.lastError}`}`;
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
          <td className="break" dir="auto" data-label={t("events.col.last")}>
            {lastAnswer(delivery)}
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
