"use client";
// The actions that fit an order now (decided on the server by its state machine and what the
// operator may do), each in a dialog: the input first where there is one (a refund's amount starts
// empty, with the money worked out beside it), then a review that restates the action in words,
// and only then the button named by the action sends it. An action is sent once per dialog under
// one Idempotency-Key: pressing it again after a lost answer repeats the same request, never a
// second refund. The wallet's answer, with the amount that moved, stays on the page after the dialog
// closes; a refund or escrow operation the wallet is still processing is followed until it is final.
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { errorCode, newIdempotencyKey } from "@/app/admin/_ui/admin-api";
import { useErrorText } from "@/app/admin/_ui/error-words";
import { useFollowToFinal } from "@/app/admin/_ui/follow-to-final";
import { useLocale, useT } from "@/app/admin/_ui/i18n-client";
import {
  type Described,
  describeAnswer,
  describeFollowed,
  type Result,
  refusal,
} from "@/app/admin/_ui/order-action-result";
import { sendOrderAction } from "@/app/admin/_ui/send-order-action";
import type { MessageKey, Translate } from "@/lib/console/i18n/translate";
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import { ACTION_FIELDS, type ActionMoney, actionBody, type OfferedAction } from "./order-action-fields";
import {
  ACTIONS_WITH_INPUT,
  confirmLabel,
  type LimitsJson,
  type ReviewContext,
  reviewText,
} from "./order-action-review";

export interface OrderActionsProps {
  orderId: string;
  actions: OfferedAction[];
  money: ActionMoney;
  /** The customer's name for the review ("… to علي حسن"), when the operator may see it. */
  customer: string | null;
  /** The operator's refund limits now: the review says when a refund will wait for approval. */
  limits: LimitsJson | null;
  /** What to say when no action fits the order now. */
  emptyText: string;
}

// Destructive actions look it: cancelling and voiding give the customer's money back for good.
const BUTTON_CLASS: Record<OrderActionName, string> = {
  accept: "btn btn-primary",
  cancel: "btn btn-danger",
  void: "btn btn-danger",
  refund: "btn btn-primary",
  reconcile: "btn",
};

const label = (t: Translate, action: OrderActionName) => t(`action.${action}` as MessageKey);

/**
 * The wallet's answer as it stands: the first answer, then — while a refund or an escrow operation is
 * still in the wallet's hands — its followed record, until final. It outlives the dialog.
 */
function useLatestResult(described: Described | null, words: Parameters<typeof describeFollowed>[2]) {
  const followed = useFollowToFinal(described?.follow ?? null);
  if (!described) return null;
  if (!followed || !described.moved) return described.result;
  return describeFollowed(followed, described.moved, words) ?? described.result;
}

/** The dialog's state and its two steps: read the input (review), then send under one key. */
function useOrderAction(orderId: string, money: ActionMoney, customer: string, t: Translate) {
  const router = useRouter();
  const locale = useLocale();
  const errorText = useErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<OfferedAction | null>(null);
  const [key, setKey] = useState("");
  // The money as it was when the dialog opened: the review keeps saying what was sent after the
  // page behind it refreshes (a cancelled order holds 0 IQD; the sentence must still say 15,000).
  const [moneyAtOpen, setMoneyAtOpen] = useState(money);
  // The request as reviewed: set once the operator's input is read (at once for actions without any).
  const [body, setBody] = useState<Record<string, string> | null>(null);
  const [sending, setSending] = useState(false);
  // The answer of the last action sent: shown in the dialog, and on the page once it closes.
  const [described, setDescribed] = useState<Described | null>(null);
  const [problem, setProblem] = useState("");
  const result = useLatestResult(described, { t, locale, customer });

  function start(action: OfferedAction) {
    setOpen(action);
    setKey(newIdempotencyKey());
    setMoneyAtOpen(money);
    setBody(ACTIONS_WITH_INPUT.includes(action.action) ? null : {});
    setDescribed(null);
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
    if (!open || !body || described) return;
    setSending(true);
    setProblem("");
    const answer = await sendOrderAction(orderId, open.action, body, key);
    setSending(false);
    const walletRefused = errorCode(answer) === "WALLET_REJECTED";
    const outcome =
      answer.ok && answer.body
        ? describeAnswer(orderId, answer.body, { t, locale, customer })
        : walletRefused
          ? { result: refusal(answer, t) }
          : null;
    if (!outcome) {
      // Nothing was done, or we cannot tell: the same key makes a retry from this dialog safe.
      setProblem(t("common.error", { message: errorText(answer) }));
      return;
    }
    setDescribed(outcome);
    router.refresh();
  }

  const state = { open, body, sending, result, sent: described !== null, problem, moneyAtOpen };
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

export function OrderActions({ orderId, actions, money, customer, limits, emptyText }: OrderActionsProps) {
  const t = useT();
  const locale = useLocale();
  const who = customer ?? t("action.theCustomer");
  const { dialog, state, start, close, review, send, change, dismissed } = useOrderAction(
    orderId,
    money,
    who,
    t,
  );
  const { open, body, result } = state;
  const context: ReviewContext = { money: state.moneyAtOpen, limits, customer, t, locale };
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
      {result && !open ? <ResultNotice result={result} id="last-action-result" /> : null}
      <dialog ref={dialog} className="confirm" aria-labelledby="action-title" onClose={dismissed}>
        {open && Fields ? (
          <form onSubmit={body ? send : review}>
            <div className="dialog-body">
              <h2 id="action-title">{label(t, open.action)}</h2>
              {body === null || !ACTIONS_WITH_INPUT.includes(open.action) ? (
                <Fields offered={open} money={state.moneyAtOpen} t={t} locale={locale} />
              ) : null}
              {body ? (
                <p className="review" data-testid="action-review" dir="auto">
                  {reviewText(open.action, body, context)}
                </p>
              ) : null}
              <DialogNotices problem={state.problem} sending={state.sending} result={result} t={t} />
            </div>
            <DialogFoot
              stage={state.sent ? "done" : body ? "review" : "edit"}
              confirmClass={
                open.action === "cancel" || open.action === "void" ? "btn btn-danger" : "btn btn-primary"
              }
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
  /** Red for what cannot be undone (cancel, void); the editing step's "Review" stays neutral. */
  confirmClass: string;
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
      <button
        type="submit"
        className={stage === "review" ? props.confirmClass : "btn btn-primary"}
        disabled={sending}
        data-confirm={stage}
      >
        {props.confirm}
      </button>
    </div>
  );
}
