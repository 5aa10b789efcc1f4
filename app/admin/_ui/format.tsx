// How amounts, times and ids appear on every console page. Amounts and ids are isolated (<bdi>) so
// the text around them never reorders their digits; an amount takes the direction of its own words
// ("24,000 IQD" left to right, "24,000 د.ع" right to left: the number first, as Arabic reads it).
import { formatAmount, formatBaghdadTime, formatUtc } from "@/lib/console/i18n/format";
import type { Locale } from "@/lib/console/i18n/translate";
import { isRowId } from "@/lib/platform/ids/request-ids";

export function Amount({ fils, locale }: { fils: bigint; locale: Locale }) {
  return (
    <bdi className="amount nowrap" dir="auto">
      {formatAmount(fils, locale)}
    </bdi>
  );
}

/** Baghdad time; the exact UTC instant on hover (and for screen readers, in the datetime). */
export function Time({ at, locale }: { at: Date | null | undefined; locale: Locale }) {
  if (!at) return <span className="muted">—</span>;
  return (
    <time dateTime={at.toISOString()} title={formatUtc(at)} className="nowrap">
      {formatBaghdadTime(at, locale)}
    </time>
  );
}

/**
 * A long id, shortened, with the whole id on hover and on the detail pages. Our ids are UUID v7,
 * whose first characters are the time they were made (alike for a day's orders): their random tail
 * is what tells two apart.
 */
export function ShortId({ id }: { id: string | null | undefined }) {
  if (!id) return <span className="muted">—</span>;
  const short = isRowId(id) ? `…${id.slice(-8)}` : id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
  return (
    <bdi className="mono nowrap" dir="ltr" title={id}>
      {short}
    </bdi>
  );
}

export function FullId({ id }: { id: string | null | undefined }) {
  if (!id) return <span className="muted">—</span>;
  return (
    <bdi className="mono" dir="ltr">
      {id}
    </bdi>
  );
}
