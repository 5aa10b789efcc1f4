import { formatBaghdadTime } from "@/lib/console/i18n/format";
import type { TimelineEntry } from "@/lib/console/orders/order-timeline";
import { nextWalletCheckAt } from "@/lib/console/orders/unsettled-work";
import type { SectionProps } from "./section-props";

/** Causes of an unknown outcome where no answer came back at all. */
const UNANSWERED = ["TIMEOUT", "NETWORK", "CIRCUIT_OPEN"];

/** Why the last unknown answer is unknown: no answer at all, or the wallet's own "unknown" (U). */
function causeOf(timeline: TimelineEntry[]): "noAnswer" | "walletUnknown" | "unclear" {
  const last = timeline.findLast(
    (entry) => entry.kind === "wallet" && (entry.detail as { outcome?: string } | undefined)?.outcome === "U",
  );
  const kind = String((last?.detail as { errorKind?: string } | undefined)?.errorKind ?? "");
  if (UNANSWERED.includes(kind)) return "noAnswer";
  return kind === "WALLET_UNKNOWN" ? "walletUnknown" : "unclear";
}

/**
 * While the wallet has not said how a payment or a refund ended: why (no answer, or the wallet's own
 * "unknown"), when it is next asked, and what to tell the customer meanwhile — in plain words, so an
 * operator neither repeats the action nor promises money that may not have moved.
 */
export function UnknownNotice({ detail: { order, timeline }, t, locale }: SectionProps) {
  const paymentUnknown = order.status === "UNKNOWN";
  const refundUnknown = order.refunds.some((refund) => refund.status === "UNKNOWN");
  if (!paymentUnknown && !refundUnknown) return null;
  const next = nextWalletCheckAt(order, { operations: order.escrowOperations, refunds: order.refunds });
  return (
    <div className="notice notice-warn unknown-notice" role="status" data-testid="unknown-notice">
      <strong>{paymentUnknown ? t("unknown.payment") : t("unknown.refund")}</strong>
      <p data-testid="unknown-cause">{t(`unknown.cause.${causeOf(timeline)}`)}</p>
      <p data-testid="unknown-next-check">
        {next
          ? t("unknown.nextCheck", { time: formatBaghdadTime(next, locale) })
          : t("unknown.nextCheckSoon")}
      </p>
      <p data-testid="unknown-tell-customer">
        {paymentUnknown ? t("unknown.tellCustomer.payment") : t("unknown.tellCustomer.refund")}
      </p>
    </div>
  );
}
