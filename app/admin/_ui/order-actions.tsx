"use client";
// The actions that fit an order now (decided on the server by its state machine and the operator's
// role), each behind a confirmation that says what will happen, with the money worked out for
// refunds and voids. An action is sent once per dialog under one Idempotency-Key: pressing confirm
// again after a lost answer repeats the same request, never a second refund. The answer shows what
// the wallet said, including "unknown — being resolved".
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { type OrderActionName, orderActionPath } from "@/lib/admin/orders/actions/order-action-names";
import type { OrderActionAnswerJson } from "@/lib/api/contract/admin/order-actions";
import { dynamicKey, type MessageKey, type Translate } from "@/lib/i18n/translate";
import { type ApiAnswer, callAdminApi, errorCode, errorText, newIdempotencyKey } from "./admin-api";
import { useLocale, useT } from "./i18n-client";
import { ACTION_FIELDS, type ActionMoney, actionBody, type OfferedAction } from "./order-action-fields";

export interface OrderActionsProps {
  orderId: string;
  actions: OfferedAction[];
  money: ActionMoney;
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
function describeAnswer(body: OrderActionAnswerJson, t: Translate): Result {
  if (body.action === "reconcile") {
    return body.settled
      ? {
          tone: "ok",
          text: t("action.reconciledChanged", { status: t(dynamicKey("status", body.order.status)) }),
        }
      : { tone: "info", text: t("action.reconciled") };
  }
  if (body.state === "AWAITING_APPROVAL") return { tone: "info", text: t("action.awaitingApproval") };
  const { outcome, resultCode } = body.wallet;
  const tone =
    outcome === "SUCCESS" ? "ok" : outcome === "FAIL" ? "bad" : outcome === "UNKNOWN" ? "warn" : "info";
  return { tone, text: t(dynamicKey("action.outcome", outcome), { code: resultCode ?? "" }) };
}

/** The wallet refused it: the answer is an error carrying the wallet's resultCode. */
function refusal(answer: ApiAnswer, t: Translate): Result {
  const details = (answer.body as { error?: { details?: { resultCode?: string } } } | null)?.error?.details;
  return { tone: "bad", text: t("action.outcome.FAIL", { code: details?.resultCode ?? "" }) };
}

export function OrderActions({ orderId, actions, money }: OrderActionsProps) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<OfferedAction | null>(null);
  const [key, setKey] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState("");

  function start(action: OfferedAction) {
    setOpen(action);
    setKey(newIdempotencyKey());
    setResult(null);
    setProblem("");
    dialog.current?.showModal();
  }

  function close() {
    dialog.current?.close();
    setOpen(null);
    router.refresh();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!open || result) return;
    const body = actionBody(open.action, new FormData(event.currentTarget));
    if (!body) {
      setProblem(t("action.invalidAmount"));
      return;
    }
    setSending(true);
    setProblem("");
    const answer = await callAdminApi<OrderActionAnswerJson>(orderActionPath(orderId, open.action), {
      body,
      idempotencyKey: key,
    });
    setSending(false);
    if (answer.ok && answer.body) {
      setResult(describeAnswer(answer.body, t));
      router.refresh();
    } else if (errorCode(answer) === "WALLET_REJECTED") {
      setResult(refusal(answer, t));
      router.refresh();
    } else {
      // Nothing was done, or we cannot tell: the same key makes a retry from this dialog safe.
      setProblem(t("common.error", { message: errorText(answer) }));
    }
  }

  const Fields = open ? ACTION_FIELDS[open.action] : null;
  return (
    <>
      <ActionButtons actions={actions} start={start} t={t} />
      <dialog ref={dialog} className="confirm" aria-labelledby="action-title" onClose={() => setOpen(null)}>
        {open && Fields ? (
          <form onSubmit={submit}>
            <div className="dialog-body">
              <h2 id="action-title">{t("action.confirmTitle", { action: label(t, open.action) })}</h2>
              <Fields offered={open} money={money} t={t} locale={locale} />
              <DialogNotices problem={problem} sending={sending} result={result} t={t} />
            </div>
            <DialogFoot done={result !== null} sending={sending} close={close} t={t} />
          </form>
        ) : null}
      </dialog>
    </>
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
      {result ? (
        <p className={`notice notice-${result.tone}`} role="status" data-testid="action-result">
          {result.text}
        </p>
      ) : null}
    </>
  );
}

function DialogFoot({
  done,
  sending,
  close,
  t,
}: {
  done: boolean;
  sending: boolean;
  close: () => void;
  t: Translate;
}) {
  return (
    <div className="dialog-foot">
      {done ? (
        <button type="button" className="btn btn-primary" onClick={close}>
          {t("common.close")}
        </button>
      ) : (
        <>
          <button type="button" className="btn" onClick={close} disabled={sending}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending} data-confirm>
            {t("action.confirm")}
          </button>
        </>
      )}
    </div>
  );
}
