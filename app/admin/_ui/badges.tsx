// Statuses as coloured labels in the operator's language. The colour says what to feel about it:
// green settled well, amber waiting, red needs a person or failed, blue in the wallet's hands.

import { dynamicKey, type Translate } from "@/lib/console/i18n/translate";
import type { EscrowOperation, Notification, Order, Refund } from "@/lib/platform/db";

type Tone = "ok" | "warn" | "bad" | "info" | "neutral";

const ORDER_TONES: Record<Order["status"], Tone> = {
  CREATED: "neutral",
  PENDING: "warn",
  PAID: "ok",
  FAILED: "bad",
  UNKNOWN: "bad",
  CLOSED: "neutral",
  ACCEPTED: "info",
  CONFIRMED: "ok",
  CANCELLED: "neutral",
  VOIDED: "neutral",
};

const REFUND_TONES: Record<Refund["status"], Tone> = {
  CREATED: "info",
  PROCESSING: "info",
  SUCCESS: "ok",
  FAIL: "bad",
  UNKNOWN: "bad",
};

const OPERATION_TONES: Record<EscrowOperation["status"], Tone> = {
  CREATED: "info",
  SUCCESS: "ok",
  FAIL: "bad",
  UNKNOWN: "bad",
  RETRY: "warn",
};

const NOTIFICATION_TONES: Record<Notification["status"], Tone> = {
  RECEIVED: "info",
  APPLIED: "ok",
  REJECTED: "bad",
  IGNORED: "neutral",
};

const DELIVERY_TONES: Record<"PENDING" | "DELIVERED" | "DEAD", Tone> = {
  PENDING: "warn",
  DELIVERED: "ok",
  DEAD: "bad",
};

function Badge({ tone, label, code }: { tone: Tone; label: string; code: string }) {
  return (
    <span className={`badge tone-${tone}`} data-status={code}>
      {label}
    </span>
  );
}

export function OrderStatusBadge({ status, t }: { status: Order["status"]; t: Translate }) {
  return <Badge tone={ORDER_TONES[status]} label={t(dynamicKey("status", status))} code={status} />;
}

export function RefundStatusBadge({ status, t }: { status: Refund["status"]; t: Translate }) {
  return <Badge tone={REFUND_TONES[status]} label={t(dynamicKey("refundStatus", status))} code={status} />;
}

export function OperationStatusBadge({ status, t }: { status: EscrowOperation["status"]; t: Translate }) {
  return (
    <Badge tone={OPERATION_TONES[status]} label={t(dynamicKey("operationStatus", status))} code={status} />
  );
}

export function NotificationStatusBadge({ status, t }: { status: Notification["status"]; t: Translate }) {
  return (
    <Badge
      tone={NOTIFICATION_TONES[status]}
      label={t(dynamicKey("notificationStatus", status))}
      code={status}
    />
  );
}

export function DeliveryStatusBadge({ status, t }: { status: keyof typeof DELIVERY_TONES; t: Translate }) {
  return <Badge tone={DELIVERY_TONES[status]} label={t(dynamicKey("events.status", status))} code={status} />;
}
