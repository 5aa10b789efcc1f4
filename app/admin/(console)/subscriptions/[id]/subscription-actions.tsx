"use client";
// The operator's buttons on a subscription's page: pause, resume, cancel (at the period's end or
// now), and per period charge now and refund. Each opens a dialog saying what it will do, and sends
// through the console's typed client under the dialog's Idempotency-Key (a retry of the same dialog
// is done once; a new key after each success). The server decides again under the subscription's lock.
import { useState } from "react";
import { newIdempotencyKey } from "@/app/admin/_ui/admin-api";
import { consoleApi, sent } from "@/app/admin/_ui/console-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { FormDialog } from "@/app/admin/_ui/form-dialog";
import { useLocale, useT } from "@/app/admin/_ui/i18n-client";
import { formatAmount, formatBaghdadTime } from "@/lib/console/i18n/format";
import type { SubscriptionActionName } from "@/lib/console/subscriptions/subscription-detail";
import { parseIqd } from "@/lib/platform/money/parse-iqd";

type Answer = Awaited<ReturnType<typeof sent>>;

/** A dialog's submit under its own key, renewed once the action is done. */
function useKeyedSend() {
  const [key, setKey] = useState(newIdempotencyKey);
  const errorText = useErrorText();
  return async (send: (key: string) => Promise<Answer>) => {
    const answer = await send(key);
    if (!answer.ok) return errorText(answer);
    setKey(newIdempotencyKey());
    return undefined;
  };
}

type ChangeName = "pause" | "resume" | "cancel-at-period-end" | "cancel-now";

const CHANGE_WORDS = {
  pause: "subscriptions.action.pause",
  resume: "subscriptions.action.resume",
  "cancel-at-period-end": "subscriptions.action.cancelAtPeriodEnd",
  "cancel-now": "subscriptions.action.cancelNow",
} as const;

export function SubscriptionActions(props: {
  subscriptionId: string;
  actions: SubscriptionActionName[];
  accessUntil: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const submit = useKeyedSend();
  const until = props.accessUntil ? formatBaghdadTime(new Date(props.accessUntil), locale) : "—";
  const changes = (Object.keys(CHANGE_WORDS) as ChangeName[]).filter((name) => props.actions.includes(name));
  if (changes.length === 0) return null;
  const send = (name: ChangeName, key: string) => {
    const init = { params: { path: { id: props.subscriptionId }, header: { "Idempotency-Key": key } } };
    if (name === "pause")
      return sent(consoleApi.POST("/api/admin/subscriptions/{id}/pause", { ...init, body: {} }));
    if (name === "resume")
      return sent(consoleApi.POST("/api/admin/subscriptions/{id}/resume", { ...init, body: {} }));
    const body = { atPeriodEnd: name === "cancel-at-period-end" };
    return sent(consoleApi.POST("/api/admin/subscriptions/{id}/cancel", { ...init, body }));
  };
  return (
    <div className="card form-actions" data-subscription-actions="">
      {changes.map((name) => (
        <FormDialog
          key={name}
          trigger={t(CHANGE_WORDS[name])}
          triggerClass={name === "cancel-now" ? "btn btn-danger" : "btn"}
          triggerData={name}
          title={t(CHANGE_WORDS[name])}
          submitLabel={t(CHANGE_WORDS[name])}
          {...(name === "cancel-now" ? { submitClass: "btn btn-danger" } : {})}
          submit={() => submit((key) => send(name, key))}
        >
          <p>{t(`${CHANGE_WORDS[name]}.explain`, { date: until })}</p>
        </FormDialog>
      ))}
    </div>
  );
}

export function PeriodActions(props: {
  subscriptionId: string;
  period: number;
  attempts: number;
  retry: boolean;
  /** Fils still refundable of the period, when the operator may refund it. */
  refundableFils: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const submit = useKeyedSend();
  if (!props.retry && !props.refundableFils) return <span className="muted">—</span>;
  const header = (key: string) => ({ "Idempotency-Key": key });
  const most = props.refundableFils ? formatAmount(BigInt(props.refundableFils), locale) : "";
  return (
    <span className="form-actions">
      {props.retry ? (
        <FormDialog
          trigger={t("subscriptions.action.retryNow")}
          triggerClass="btn btn-small btn-primary"
          triggerData={`retry-${props.period}`}
          title={t("subscriptions.action.retryNow.title", { period: String(props.period) })}
          submitLabel={t("subscriptions.action.retryNow")}
          submit={() =>
            submit((key) =>
              sent(
                consoleApi.POST("/api/admin/subscriptions/{id}/retry", {
                  params: { path: { id: props.subscriptionId }, header: header(key) },
                  body: { period: props.period, attemptsSeen: props.attempts },
                }),
              ),
            )
          }
        >
          <p>{t("subscriptions.action.retryNow.explain")}</p>
        </FormDialog>
      ) : null}
      {props.refundableFils ? (
        <FormDialog
          trigger={t("subscriptions.action.refund")}
          triggerClass="btn btn-small"
          triggerData={`refund-${props.period}`}
          title={t("subscriptions.action.refund.title", { period: String(props.period) })}
          submitLabel={t("subscriptions.action.refund")}
          submit={(form) => {
            const fils = parseIqd(String(form.get("amount") ?? ""));
            if (fils === null || fils <= 0n) return Promise.resolve(t("subscriptions.action.amountInvalid"));
            return submit((key) =>
              sent(
                consoleApi.POST("/api/admin/subscriptions/{id}/periods/{number}/refunds", {
                  params: {
                    path: { id: props.subscriptionId, number: String(props.period) },
                    header: header(key),
                  },
                  body: { amount: fils.toString(), reason: String(form.get("reason") ?? "") },
                }),
              ),
            );
          }}
        >
          <label className="field">
            <span>{t("subscriptions.action.amount")}</span>
            <input name="amount" inputMode="decimal" dir="ltr" required />
            <small className="muted">{t("subscriptions.action.refundHint", { amount: most })}</small>
          </label>
          <label className="field">
            <span>{t("subscriptions.action.reason")}</span>
            <input name="reason" required maxLength={256} dir="auto" />
          </label>
        </FormDialog>
      ) : null}
    </span>
  );
}
