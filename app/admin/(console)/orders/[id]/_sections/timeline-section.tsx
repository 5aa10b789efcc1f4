import type { ReactNode } from "react";
import { Time } from "@/app/admin/_ui/format";
import { JsonView } from "@/app/admin/_ui/json-view";
import { actorWords, orderEventWords, wordsOr } from "@/app/admin/_ui/record-words";
import { ResultCode } from "@/app/admin/_ui/result-code";
import { TechnicalDetails } from "@/app/admin/_ui/technical-details";
import { dynamicKey, type Locale, type MessageKey, type Translate } from "@/lib/console/i18n/translate";
import type { TimelineEntry, TimelineKind } from "@/lib/console/orders/order-timeline";
import { attentionEntry } from "./attention-entry";
import type { SectionProps } from "./section-props";

interface EntryView {
  entry: TimelineEntry;
  detail: Record<string, unknown>;
  locale: Locale;
  t: Translate;
}

/**
 * How an entry shows beyond its kind and time: its title in words, a meta line, and what goes under
 * "Technical details" with its codes (the raw detail, the wallet's request and answer…).
 */
interface EntryParts {
  title: ReactNode;
  meta?: ReactNode;
  technical?: ReactNode;
}

/** What happened in words; a status change also reads "from → to", the arrow the way the operator reads. */
function statusChange({ entry, locale, t }: EntryView): EntryParts {
  const words = orderEventWords(entry.title, t);
  if (!entry.toStatus || entry.fromStatus === entry.toStatus) return { title: words };
  const to = t(dynamicKey("status", entry.toStatus));
  const arrow = locale === "ar" ? "←" : "→";
  const change = entry.fromStatus ? `${t(dynamicKey("status", entry.fromStatus))} ${arrow} ${to}` : to;
  return { title: words === to || entry.title === "CREATED" ? words : `${words} · ${change}` };
}

function walletCall({ entry, detail, t }: EntryView): EntryParts {
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
      <span className={`badge ${tone}`}>{wordsOr("walletOutcome", outcome, t, "common.none")}</span>{" "}
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
  const technical = (
    <>
      <JsonView label={t("timeline.request")} value={detail.request} />
      <JsonView label={t("timeline.response")} value={detail.response} />
    </>
  );
  return { title: wordsOr("walletOperation", entry.title, t, "timeline.kind.wallet"), meta, technical };
}

function notification({ entry, detail, t }: EntryView): EntryParts {
  const meta = (
    <>
      <span className={`badge ${detail.verified ? "tone-ok" : "tone-bad"}`}>
        {detail.verified ? t("timeline.verified") : t("timeline.unverified")}
      </span>{" "}
      <span>{wordsOr("notificationStatus", String(detail.status ?? ""), t, "common.none")}</span>
      {detail.error ? <span className="flag"> {String(detail.error)}</span> : null}
    </>
  );
  return {
    title: wordsOr("notificationKind", entry.title, t, "timeline.kind.notification"),
    meta,
    technical: <JsonView label={t("notifications.rawBody")} value={detail.body} />,
  };
}

const ENTRY_PARTS: Record<TimelineKind, (view: EntryView) => EntryParts> = {
  status: statusChange,
  refund: statusChange,
  escrow: statusChange,
  attention: attentionEntry,
  wallet: walletCall,
  notification,
  audit: ({ entry, t }) => ({ title: wordsOr("audit.action", entry.title, t, "timeline.kind.audit") }),
  job: ({ entry, detail, locale, t }) => ({
    title: wordsOr("jobQueue", entry.title, t, "timeline.kind.job"),
    meta: detail.runsAt instanceof Date ? <Time at={detail.runsAt} locale={locale} /> : null,
  }),
};

/** The stored codes of an entry, for the technical details: what it is, who did it as recorded. */
function entryCodes(entry: TimelineEntry, detail: Record<string, unknown>): [string, string | undefined][] {
  return [
    ["type", entry.title],
    ["actor", entry.actor],
    ["requestKey", typeof detail.requestKey === "string" ? detail.requestKey : undefined],
  ];
}

function TimelineItem({
  entry,
  locale,
  t,
  actorName,
  customerName,
}: { entry: TimelineEntry; customerName: string | null } & Omit<SectionProps, "detail">) {
  const detail = (entry.detail ?? {}) as Record<string, unknown>;
  const parts = ENTRY_PARTS[entry.kind]({ entry, detail, locale, t });
  const by = entry.actor
    ? actorWords(entry.actor, { t, operatorName: (actor) => actorName(actor), customerName })
    : null;
  // Wallet calls and notifications show their own stored documents; the others their event's detail.
  const rawDetail = entry.kind === "wallet" || entry.kind === "notification" ? undefined : entry.detail;
  return (
    <li className={`k-${entry.kind}`} data-kind={entry.kind} data-type={entry.title}>
      <div className="tl-head">
        <span className="tl-title">{t(`timeline.kind.${entry.kind}` as MessageKey)}</span>
        <span className="tl-what">{parts.title}</span>
        <span className="tl-meta">
          <Time at={entry.at} locale={locale} />
          {by ? (
            <>
              {" · "}
              <bdi data-actor>{t("timeline.by", { actor: by })}</bdi>
            </>
          ) : null}
        </span>
      </div>
      {parts.meta ? <div className="tl-meta">{parts.meta}</div> : null}
      <TechnicalDetails label={t("timeline.technical")} codes={entryCodes(entry, detail)} value={rawDetail}>
        {parts.technical}
      </TechnicalDetails>
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
export function TimelineSection({ detail: { timeline, person }, ...view }: SectionProps) {
  return (
    <section className="card" id="timeline">
      <h2>{view.t("order.timeline")}</h2>
      {timeline.length === 0 ? (
        <p className="empty">{view.t("order.timelineEmpty")}</p>
      ) : (
        <ol className="timeline">
          {keyedTimeline(timeline).map(({ key, entry }) => (
            <TimelineItem key={key} entry={entry} customerName={person?.name ?? null} {...view} />
          ))}
        </ol>
      )}
    </section>
  );
}
