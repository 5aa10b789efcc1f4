import { formatBaghdadTime } from "@/lib/console/i18n/format";
import type { SectionProps } from "./section-props";

/**
 * The note the order's last flag was resolved with, where the operator looks (not behind the
 * timeline's "Details"): what a colleague found and did, so nobody looks into it twice.
 */
export function ResolvedNote({ detail: { order, timeline }, t, locale, actorName }: SectionProps) {
  if (order.needsAttention) return null;
  const resolved = timeline.findLast((entry) => entry.title === "ATTENTION_RESOLVED");
  if (!resolved) return null;
  const note = String((resolved.detail as { note?: unknown } | undefined)?.note ?? "");
  return (
    <p className="notice notice-info resolved-note" data-testid="resolved-note">
      {t("flag.resolvedNote", {
        when: formatBaghdadTime(resolved.at, locale),
        who: actorName(resolved.actor ?? "") ?? "",
        note,
      })}
    </p>
  );
}
