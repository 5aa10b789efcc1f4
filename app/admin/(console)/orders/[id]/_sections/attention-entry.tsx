// A flag's line on the timeline, in words where the operator reads it — why it was raised (or raised
// again), the note it was resolved with, or that it cleared itself because its cause went away —
// under its event's words, with the stored facts still behind "Technical details".
import type { ReactNode } from "react";
import { flagReasonWords } from "@/app/admin/_ui/flag-reason";
import { orderEventWords } from "@/app/admin/_ui/record-words";
import { dynamicKey, type Locale, type MessageKey, type Translate } from "@/lib/console/i18n/translate";
import type { TimelineEntry } from "@/lib/console/orders/order-timeline";

interface AttentionView {
  entry: TimelineEntry;
  detail: Record<string, unknown>;
  locale: Locale;
  t: Translate;
}

function words({ entry, detail, locale, t }: AttentionView): ReactNode {
  switch (entry.title) {
    case "ATTENTION_FLAGGED": {
      const flag =
        detail.raisedAgain && typeof detail.flag === "object"
          ? { ...detail.flag, raisedAgain: detail.raisedAgain }
          : detail.flag;
      return flagReasonWords(
        { attentionFlag: flag, attentionReason: String(detail.reason ?? "") },
        t,
        locale,
      );
    }
    case "ATTENTION_RESOLVED":
      return <q dir="auto">{String(detail.note ?? "")}</q>;
    case "ATTENTION_CLEARED":
      return t(`flag.cleared.${String(detail.because)}` as MessageKey, {
        status: t(
          dynamicKey(detail.because === "PAYMENT_SETTLED" ? "status" : "refundStatus", String(detail.status)),
        ),
      });
    default:
      return null;
  }
}

export function attentionEntry(view: AttentionView) {
  return {
    title: orderEventWords(view.entry.title, view.t),
    meta: (
      <p className="tl-words" data-testid="attention-words">
        {words(view)}
      </p>
    ),
  };
}
