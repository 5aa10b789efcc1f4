"use client";
// The actions that fit an order now (decided on the server by its state machine and what the
// operator may do), each in a dialog: the input first where there is one (a refund's amount starts
// empty, with the money worked out beside it), then a review that restates the action in words,
// and only then the button named by the action sends it. An action is sent once per dialog under
// one Idempotency-Key: pressing it again after a lost answer repeats the same request, never a
// second refund. The wallet's answer stays on the page after the dialog closes.
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { formatBaghdadTime } from "@/lib/console/i18n/format";
import { dynamicKey, type Locale, type MessageKey, type Translate } from "@/lib/console/i18n/translate";
import { type OrderActionName, orderActionPath } from "@/lib/console/orders/actions/order-action-names";
import type { OrderActionAnswerJson } from "@/lib/http/contract/admin/order-actions";
import { type ApiAnswer, callAdminApi, errorCode, newIdempotencyKey } from "./admin-api";
import { useErrorText } from "./error-words";
import { useLocale, useT } from "./i18n-client";
import { ACTION_FIELDS, type ActionMoney, actionBody, type OfferedAction } from "./order-action-fields";
import { ACTIONS_WITH_INPUT, confirmLabel, type ReviewContext, reviewText } from "./order-action-review";

export interface OrderActionsProps {
  orderId: string;
  actions: OfferedAction[];
  money: ActionMoney;
  /** The customer's name for the review ("… to علي حسن"), when the operator may see it. */
  customer: string | null;
  /** What to say when no action fits the order now. */
  emptyText: string;
}

type Result = { tone: "ok" | "info" | "warn" | "bad"; text: string };

const BUTTON_CLASS: Record<OrderActionName, string> = {
  accept: "btn btn-primary",
  cancel: "btn btn-danger",
  void: "btn btn-primary",
  refund: "btn btn-primary",
  reconcile: "btn",
};

const label = (t: Translate, action: OrderActionName) => t(`action.${action}` as MessageKey);

/** What the answer means for the operator: the wallet's outcome, or what checking found. */
function describeAnswer(body: OrderActionAnswerJson, t: Translate, locale: Locale): Result {
  if (body.action === "reconcile") return describeCheck(body, t, locale);
  if (body.state === "AWAITING_APPROVAL") return { tone: "info", text: t("action.awaitingApproval") };
  const { outcome, resultCode } = body.wallet;
  const tone =
    outcome === "SUCCESS" ? "ok" : outcome === "FAIL" ? "bad" : outcome === "UNKNOWN" ? "warn" : "info";
  return { tone, text: t(dynamicKey("action.outcome", outcome), { code: resultCode ?? "" }) };
}

/**
 * What checking with the wallet found: a new status, or — said plainly — that the outcome is still
 * unknown and when the next automatic check is, so nobody reads "Checked" as "settled".
 */
function describeCheck(
  body: Extract<OrderActionAnswerJson, { action: "reconcile" }>,
  t: Translate,
  locale: Locale,
): Result {
  const status = t(dynamicKey("status", body.order.status));
  if (!body.stillUnsettled) {
    return body.settled
      ? { tone: "ok", text: t("action.reconciledChanged", { status }) }
      : { tone: "info", text: t("action.reconciled") };
  }
  const next = body.nextCheckAt
    ? t("action.reconciledNextCheck", { time: formatBaghdadTime(new Date(body.nextCheckAt), locale) })
    : "";
  const still = body.settled
    ? t("action.reconciledChangedStillOpen", { status })
    : t("action.reconciledStillUnknown");
  return { tone: "warn", text: `${still} ${next}`.trim() };
}

/** The wallet refused it: the answer is an error carrying the wallet's resultCode. */
function refusal(answer: ApiAnswer, t: Translate): Result {
  const details = (answer.body as { error?: { details?: { resultCode?: string } } } | null)?.error?.details;
  return { tone: "bad", text: t("action.outcome.FAIL", { code: details?.resultCode ?? "" }) };
}

/** The dialog's state and its two steps: read the input (review), then send under one key. */
function useOrderAction(orderId: string, t: Translate) {
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<OfferedAction | null>(null);
  const [key, setKey] = useState("");
  // The request as reviewed: set once the operator's input is read (at once for actions without any).
  const [body, setBody] = useState<Record<string, string> | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  // The wallet's answer, kept on the page after the dialog closes and the page refreshes.
  const [lastResult, setLastResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState("");

  function start(action: OfferedAction) {
    setOpen(action);
    setKey(newIdempotencyKey());
    setBody(ACTIONS_WITH_INPUT.includes(action.action) ? null : {});
    setResult(null);
    setProblem("");
    dialog.current?.showModal();
  }

  function close() {
    dialog.current?.close();
    setOpen(null);
    router.refresh();
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!open) return;
    const read = actionBody(open.action, new FormData(event.currentTarget));
    setProblem(read ? "" : t("action.invalidAmount"));
    setBody(read);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!open || !body || result) return;
    setSending(true);
    setProblem("");
    const path = orderActionPath(orderId, open.action);
    const answer = await callAdminApi<OrderActionAnswerJson>(path, { body, idempotencyKey: key });
    setSending(false);
    const walletRefused = errorCode(answer) === "WALLET_REJECTED";
    const outcome =
      answer.ok && answer.body
        ? describeAnswer(answer.body, t, locale)
        : walletRefused
          ? refusal(answer, t)
          : null;
    if (!outcome) {
      // Nothing was done, or we cannot tell: the same key makes a retry from this dialog safe.
      setProblem(t("common.error", { message: errorText(answer) }));
      return;
    }
    setResult(outcome);
    setLastResult(outcome);
    router.refresh();
  }

  const state = { open, body, sending, result, lastResult, problem };
  return {
    dialog,
    state,
    start,
    close,
    review,
    send,
    change: () => setBody(null),
    dismissed: () => setOpen(null),
  };
}

export function OrderActions({ orderId, actions, money, customer, emptyText }: OrderActionsProps) {
  const t = useT();
  const locale = useLocale();
  const { dialog, state, start, close, review, send, change, dismissed } = useOrderAction(orderId, t);
  const { open, body, result } = state;
  const context: ReviewContext = { money, customer, t, locale };
  const Fields = open ? ACTION_FIELDS[open.action] : null;
  return (
    <>
      {actions.length > 0 ? (
        <ActionButtons actions={actions} start={start} t={t} />
      ) : (
        <p className="muted" id="no-actions">
          {emptyText}
        </p>
      )}
      {state.lastResult && !open ? <ResultNotice result={state.lastResult} id="last-action-result" /> : null}
      <dialog ref={dialog} className="confirm" aria-labelledby="action-title" onClose={dismissed}>
        {open && Fields ? (
          <form onSubmit={body ? send : review}>
            <div className="dialog-body">
              <h2 id="action-title">{label(t, open.action)}</h2>
              {body === null || !ACTIONS_WITH_INPUT.includes(open.action) ? (
                <Fields offered={open} money={money} t={t} locale={locale} />
              ) : null}
              {body ? (
                <p className="review" data-testid="action-review" dir="auto">
                  {reviewText(open.action, body, context)}
                </p>
              ) : null}
              <DialogNotices problem={state.problem} sending={state.sending} result={result} t={t} />
            </div>
            <DialogFoot
              stage={result ? "done" : body ? "review" : "edit"}
              confirm={body ? confirmLabel(open.action, body, context) : t("action.review")}
              canChange={ACTIONS_WITH_INPUT.includes(open.action)}
              change={change}
              sending={state.sending}
              close={close}
              t={t}
            />
          </form>
        ) : null}
      </dialog>
    </>
  );
}

function ResultNotice({ result, id }: { result: Result; id?: string }) {
  return (
    <p
      className={`notice notice-${result.tone}`}
      role="status"
      id={id}
      data-testid={id ? undefined : "action-result"}
    >
      {result.text}
    </p>
  );
}

function ActionButtons({
  actions,
  start,
  t,
}: {
  actions: OfferedAction[];
  start: (action: OfferedAction) => void;
  t: Translate;
}) {
  return (
    <div className="actions-list">
      {actions.map((action) => (
        <button
          key={action.action}
          type="button"
          className={BUTTON_CLASS[action.action]}
          data-action={action.action}
          onClick={() => start(action)}
        >
          {label(t, action.action)}
        </button>
      ))}
    </div>
  );
}

function DialogNotices({
  problem,
  sending,
  result,
  t,
}: {
  problem: string;
  sending: boolean;
  result: Result | null;
  t: Translate;
}) {
  return (
    <>
      {problem ? (
        <p className="notice notice-bad" role="alert">
          {problem}
        </p>
      ) : null}
      {sending ? <p className="notice notice-info">{t("action.sending")}</p> : null}
      {result ? <ResultNotice result={result} /> : null}
    </>
  );
}

/**
 * The dialog's buttons. Editing: close without changes, or review. Reviewing: change the input (for
 * actions with one) or close, and the confirm button named by the action. Done: close.
 */
function DialogFoot(props: {
  stage: "edit" | "review" | "done";
  confirm: string;
  canChange: boolean;
  change: () => void;
  sending: boolean;
  close: () => void;
  t: Translate;
}) {
  const { stage, sending, t } = props;
  if (stage === "done") {
    return (
      <div className="dialog-foot">
        <button type="button" className="btn btn-primary" onClick={props.close}>
          {t("common.close")}
        </button>
      </div>
    );
  }
  return (
    <div className="dialog-foot">
      {stage === "review" && props.canChange ? (
        <button type="button" className="btn" onClick={props.change} disabled={sending} data-change>
          {t("action.change")}
        </button>
      ) : (
        <button type="button" className="btn" onClick={props.close} disabled={sending} data-dismiss>
          {t("action.keep")}
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={sending} data-confirm={stage}>
        {props.confirm}
      </button>
    </div>
  );
}
