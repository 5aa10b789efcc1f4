// Why a webhook endpoint or an alert rule is off, when we turned it off: the API key it was made with
// was revoked (in the operator's language), or the sentence the delivery worker wrote when it failed
// for too long. Nothing when an operator turned it off.
import type { Translate } from "@/lib/console/i18n/translate";
import { API_KEY_REVOKED } from "@/lib/events/turn-off-what-keys-made";

export function DisabledWhy({ reason, t }: { reason: string | null; t: Translate }) {
  if (!reason) return null;
  return (
    <div className="muted" data-disabled-reason={reason}>
      {reason === API_KEY_REVOKED ? t("integrations.offKeyRevoked") : reason}
    </div>
  );
}
