import type { ReactNode } from "react";
import { dynamicKey, type Locale, type MessageKey, type Translate } from "@/lib/console/i18n/translate";
import type { TimelineEntry, TimelineKind } from "@/lib/console/orders/order-timeline";
import { Time } from "../../../../_ui/format";
import { JsonView } from "../../../../_ui/json-view";
import { ResultCode } from "../../../../_ui/result-code";
import { attentionEntry } from "./attention-entry";
import type { SectionProps } from "./section-props";

interface EntryView {
  entry: TimelineEntry;
  detail: Record<string, unknown>;
  locale: Locale;
  t: Translate;
}

/** How an entry shows beyond its kind and time: a title (default: its code), a meta line, a body. */
interface EntryParts {
  title?: ReactNode;
  meta?: ReactNode;
  body: ReactNode;
}

/** A status change reads "from → to", the arrow pointing the way the operator reads. */
function statusChange({ entry, locale, t }: EntryView): EntryParts {
  const details = <JsonView label={t("common.details")} value={entry.detail} />;
  if (!entry.toStatus || entry.fromStatus === entry.toStatus) return { body: details };
  const to = t(dynamicKey("status", entry.toStatus));
  const arrow = locale === "ar" ? "←" : "→";
  const title = (
    <>
      {entry.fromStatus ? `${t(dynamicKey("status", entry.fromStatus))} ${arrow} ${to}` : to}{" "}
      <span className="tl-meta mono">{entry.title}</span>
    </>
  );
  return { title, body: details };
}

function walletCall({ detail, t }: EntryView): EntryParts {
  const outcome = String(detail.outcome ?? "");
  const resultCode = detail.resultCode ? String(detail.resultCode) : "";
  // A `U` with an *_IN_PROCESS code is the wallet saying "still working on it" (a refund it will
  // finish), not a lost answer: shown as in progress, without the unknown-outcome label.
  const inProcess = outcome === "U" && resultCode.endsWith("_IN_PROCESS");
  // No answer came back (timeout, connection, not sent): the result code is our placeholder, not
  // the wallet's word, so only the cause is said ("no answer" is never said of an answer).
  const unanswered = ["TIMEOUT", "NETWORK", "CIRCUIT_OPEN"].includes(String(detail.errorKind ?? ""));
  const tone =
    outcome === "S" || outcome === "A"
      ? "tone-ok"
      : outcome === "F"
        ? "tone-bad"
        : inProcess
          ? "tone-info"
          : "tone-warn";
  const meta = (
    <>
      <span className={`badge ${tone}`}>{outcome || "?"}</span>{" "}
      {resultCode && outcome !== "S" && !unanswered ? <ResultCode code={resultCode} t={t} /> : null}
      {detail.errorKind && !inProcess ? (
        <>
          {" "}
          <ResultCode code={String(detail.errorKind)} t={t} />
        </>
      ) : null}
      {typeof detail.durationMs === "number" ? (
        <span> · {t("timeline.latency", { ms: detail.durationMs })}</span>
      ) : null}
    </>
  );
  const body = (
    <>
      <JsonView label={t("timeline.request")} value={detail.request} />
      <JsonView label={t("timeline.response")} value={detail.response} />
    </>
  );
  return { meta, body };
}

function notification({ detail, t }: EntryView): EntryParts {
  const meta = (
    <>
      <span className={`badge ${detail.verified ? "tone-ok" : "tone-bad"}`}>
        {detail.verified ? t("timeline.verified") : t("timeline.unverified")}
      </span>{" "}
      <span className="mono">{String(detail.status ?? "")}</span>
      {detail.error ? <span className="flag"> {String(detail.error)}</span> : null}
    </>
  );
  return { meta, body: <JsonView label={t("notifications.rawBody")} value={detail.body} /> };
}

const details = ({ entry, t }: EntryView): EntryParts => ({
  body: <JsonView label={t("common.details")} value={entry.detail} />,
});

const ENTRY_PARTS: Record<TimelineKind, (view: EntryView) => EntryParts> = {
  status: statusChange,
  refund: statusChange,
  escrow: statusChange,
  attention: attentionEntry,
  wallet: walletCall,
  notification,
  audit: details,
  job: (view) => ({
    ...details(view),
    meta: view.detail.runsAt instanceof Date ? <Time at={view.detail.runsAt} locale={view.locale} /> : null,
  }),
};

function TimelineItem({
  entry,
  locale,
  t,
  actorName,
}: { entry: TimelineEntry } & Omit<SectionProps, "detail">) {
  const detail = (entry.detail ?? {}) as Record<string, unknown>;
  const parts = ENTRY_PARTS[entry.kind]({ entry, detail, locale, t });
  return (
    <li className={`k-${entry.kind}`} data-kind={entry.kind}>
      <div className="tl-head">
        <span className="tl-title">{t(`timeline.kind.${entry.kind}` as MessageKey)}</span>
        <span>{parts.title ?? <span className="mono">{entry.title}</span>}</span>
        <span className="tl-meta">
          <Time at={entry.at} locale={locale} />
          {entry.actor ? ` · ${t("timeline.by", { actor: actorName(entry.actor) ?? "" })}` : ""}
        </span>
      </div>
      {parts.meta ? <div className="tl-meta">{parts.meta}</div> : null}
      {parts.body}
    </li>
  );
}

/** Stable keys: the same event source, instant and title, numbered in order of appearance. */
function keyedTimeline(timeline: TimelineEntry[]) {
  const seen = new Map<string, number>();
  return timeline.map((entry) => {
    const base = `${entry.kind}:${entry.at.getTime()}:${entry.title}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}:${count}`, entry };
  });
}

/** The order's whole story, oldest first: what changed, what the wallet said, who did what. */
export function TimelineSection({ detail: { timeline }, ...view }: SectionProps) {
  return (
    <section className="card" id="timeline">
      <h2>{view.t("order.timeline")}</h2>
      {timeline.length === 0 ? (
        <p className="empty">{view.t("order.timelineEmpty")}</p>
      ) : (
        <ol className="timeline">
          {keyedTimeline(timeline).map(({ key, entry }) => (
            <TimelineItem key={key} entry={entry} {...view} />
          ))}
        </ol>
      )}
    </section>
  );
}
