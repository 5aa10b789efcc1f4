// Statuses as coloured labels in the operator's language. The colour says what to feel about it:
// green settled well, amber waiting, red needs a person or failed, blue in the wallet's hands.

import { dynamicKey, type Translate } from "@/lib/console/i18n/translate";
import type {
  EscrowOperation,
  Notification,
  Order,
  Refund,
  SubscriptionPeriodStatus,
  SubscriptionStatus,
} from "@/lib/platform/db";

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

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, Tone> = {
  PENDING: "info",
  TRIALING: "ok",
  ACTIVE: "ok",
  PAST_DUE: "bad",
  PAUSED: "warn",
  CANCELLED: "neutral",
};

const PERIOD_TONES: Record<SubscriptionPeriodStatus, Tone> = {
  SCHEDULED: "neutral",
  CHARGING: "info",
  PAID: "ok",
  FREE: "ok",
  UNPAID: "bad",
  VOID: "neutral",
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

export function SubscriptionStatusBadge({ status, t }: { status: SubscriptionStatus; t: Translate }) {
  return (
    <Badge
      tone={SUBSCRIPTION_TONES[status]}
      label={t(dynamicKey("subscriptionStatus", status))}
      code={status}
    />
  );
}

/** A period's status; one being dunned (its charge failed, a try to come) is amber, not grey. */
export function PeriodStatusBadge({
  status,
  dunning,
  t,
}: {
  status: SubscriptionPeriodStatus;
  dunning: boolean;
  t: Translate;
}) {
  return dunning ? (
    <Badge tone="warn" label={t("periodStatus.DUNNING")} code="DUNNING" />
  ) : (
    <Badge tone={PERIOD_TONES[status]} label={t(dynamicKey("periodStatus", status))} code={status} />
  );
}
