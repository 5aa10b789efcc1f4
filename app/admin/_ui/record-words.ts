// The console's internal codes in the operator's words: what happened on an order (its event types,
// the wallet's operations and answers, the jobs still to run) and who did it. The codes themselves
// stay one click away, under "Technical details" (./technical-details.tsx), for whoever needs them.
import { dynamicKey, type MessageKey, type Translate } from "@/lib/console/i18n/translate";

const known = (key: MessageKey) => key !== "common.none";

/**
 * An order event's type in words. Refunds and escrow operations record `REFUND_<STATUS>` and
 * `<OPERATION>_<STATUS>` (their state modules), said as "Refund: Refunded", "Void: Done".
 */
export function orderEventWords(type: string, t: Translate): string {
  const own = dynamicKey("orderEvent", type);
  if (known(own)) return t(own);
  const refund = /^REFUND_([A-Z]+)$/.exec(type);
  const refundStatus = refund?.[1] ? dynamicKey("refundStatus", refund[1]) : "common.none";
  if (known(refundStatus)) return t("timeline.refundStep", { status: t(refundStatus) });
  const escrow = /^(ACCEPT|CONFIRM|CANCEL|VOID)_([A-Z]+)$/.exec(type);
  if (escrow?.[1] && escrow[2]) {
    const status = dynamicKey("operationStatus", escrow[2]);
    if (known(status)) {
      return t("timeline.escrowStep", {
        operation: t(dynamicKey("operationType", escrow[1])),
        status: t(status),
      });
    }
  }
  return t("timeline.otherEvent");
}

/** Anything with its own message (a wallet operation, a job's queue…), else the fallback's words. */
export function wordsOr(prefix: string, code: string, t: Translate, fallback: MessageKey): string {
  const key = dynamicKey(prefix, code);
  return t(known(key) ? key : fallback);
}

export interface ActorContext {
  t: Translate;
  /** Operators' names by `operator:<id>` (lib/console/actor-names.ts). */
  operatorName: (actor: string) => string | undefined;
  /** The order's customer's name, when the operator may see it. */
  customerName?: string | null | undefined;
}

/**
 * Who did it, as a person would say it: an operator's name, the customer's name (or "the customer"),
 * "the wallet", "the automatic check with the wallet"… never `customer:<uuid>` or `worker:reconcile`.
 */
export function actorWords(actor: string, { t, operatorName, customerName }: ActorContext): string {
  const [kind = "", rest = ""] = actor.split(/:(.*)/s);
  switch (kind) {
    case "operator": {
      const name = operatorName(actor);
      return name && name !== actor ? name : t("actor.operator");
    }
    case "customer":
      return customerName || t("actor.customer");
    case "wallet":
      return rest === "notification" ? t("actor.walletNotification") : t("actor.wallet");
    case "worker":
      return wordsOr("actor.worker", rest, t, "actor.worker");
    default:
      return t("actor.system");
  }
}
