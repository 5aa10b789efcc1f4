// Paid volume per day, drawn on the server as SVG: no chart library, no script, nothing from a CDN.
// Each bar's exact figure is in its tooltip; the chart's gist is in its accessible label. The labels
// (the highest day's amount, the dates under the axis) are HTML beside the SVG, not SVG text: the
// drawing shrinks with a phone's width, and text inside it would shrink to a few pixels with it.
import type { DayVolume } from "@/lib/console/dashboard";
import { formatAmount, formatBaghdadDay, formatBaghdadShortDay } from "@/lib/console/i18n/format";
import type { Locale, Translate } from "@/lib/console/i18n/translate";

const WIDTH = 640;
const HEIGHT = 190;
const PAD = { top: 6, bottom: 6, side: 4 };

/** Noon in Baghdad of a YYYY-MM-DD day: safe to format as that day in any time zone's rules. */
function dayDate(day: string): Date {
  return new Date(`${day}T12:00:00+03:00`);
}

export function VolumeChart({ days, locale, t }: { days: DayVolume[]; locale: Locale; t: Translate }) {
  const max = days.reduce((top, day) => (day.amountFils > top ? day.amountFils : top), 0n);
  const best = days.find((day) => day.amountFils === max && max > 0n);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - 2 * PAD.side) / days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const label = best
    ? `${t("dashboard.volumeChart")}. ${t("dashboard.volumeChartSummary", {
        amount: formatAmount(best.amountFils, locale),
        day: formatBaghdadDay(dayDate(best.day), locale),
      })}`
    : t("dashboard.volumeChart");
  const ticks = [0, Math.floor(days.length / 2), days.length - 1].flatMap((index) => days[index] ?? []);
  return (
    // Time runs left to right in both languages, as on the wallet's own statements.
    <figure className="chart-figure" dir="ltr">
      {max > 0n ? (
        <p className="chart-label chart-max" data-chart-label>
          <bdi dir="auto">{formatAmount(max, locale)}</bdi>
        </p>
      ) : null}
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <line className="gridline" x1={0} x2={WIDTH} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} />
        <line className="gridline" x1={0} x2={WIDTH} y1={PAD.top} y2={PAD.top} strokeDasharray="3 4" />
        {days.map((day, index) => {
          // Scaled in BigInt first: amounts in fils outgrow a float's exact range long before a chart cares.
          const ratio = max > 0n ? Number((day.amountFils * 10_000n) / max) / 10_000 : 0;
          const height = day.amountFils > 0n ? Math.max(2, ratio * plotHeight) : 2;
          const x = PAD.side + index * slot + (slot - barWidth) / 2;
          const y = PAD.top + plotHeight - height;
          return (
            <rect
              key={day.day}
              className={day.amountFils > 0n ? "bar" : "bar-zero"}
              x={x}
              y={y}
              width={barWidth}
              height={height}
              rx={2}
            >
              <title>
                {`${formatBaghdadDay(dayDate(day.day), locale)}: ${formatAmount(day.amountFils, locale)} · ${t(
                  "dashboard.ordersCount",
                  { count: day.count },
                )}`}
              </title>
            </rect>
          );
        })}
      </svg>
      <div className="chart-axis" aria-hidden="true">
        {ticks.map((day) => (
          <span key={day.day} className="chart-label" data-chart-label>
            <bdi>{formatBaghdadShortDay(dayDate(day.day), locale)}</bdi>
          </span>
        ))}
      </div>
    </figure>
  );
}
