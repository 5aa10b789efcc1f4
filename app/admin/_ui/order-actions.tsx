"use client";
// The actions that fit an order now (decided on the server by its state machine and the operator's
// role), each behind a confirmation that says what will happen, with the money worked out for
// refunds and voids. An action is sent once per dialog under one Idempotency-Key: pressing confirm
// again after a lost answer repeats the same request, never a second refund. The answer shows what
// the wallet said, including "unknown — being resolved".
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { formatAmount } from "@/lib/i18n/format";
import { dynamicKey, type MessageKey } from "@/lib/i18n/translate";
import { filsToInput, parseIqd } from "@/lib/money/parse-iqd";
import { callAdminApi, errorCode, errorText, newIdempotencyKey } from "./admin-api";
import { useLocale, useT } from "./i18n-client";

export type ActionName = "accept" | "cancel" | "void" | "refund" | "reconcile";

export interface OrderActionsProps {
  orderId: string;
  actions: { action: ActionName; maxFils?: string }[];
  /** Fils as strings: captured, refunded, pending, refundable, amount. */
  money: { amount: string; captured: string; refunded: string; pending: string; refundable: string };
}

interface ActionAnswerBody {
  action?: string;
  wallet?: { outcome: "SUCCESS" | "PROCESSING" | "UNKNOWN" | "RETRYING" | "FAIL"; resultCode: string | null };
  settled?: boolean;
  order?: { status: string };
  error?: { details?: { resultCode?: string } };
}

const API_PATH: Record<ActionName, string> = {
  accept: "accept",
  cancel: "cancel",
  void: "void",
  refund: "refunds",
  reconcile: "reconcile",
};

type Result = { tone: "ok" | "info" | "warn" | "bad"; text: string };

export function OrderActions({ orderId, actions, money }: OrderActionsProps) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<{ action: ActionName; maxFils?: string } | null>(null);
  const [key, setKey] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState("");

  const iqd = (fils: string | bigint) => formatAmount(BigInt(fils), locale);

  function start(action: { action: ActionName; maxFils?: string }) {
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

  function describe(body: ActionAnswerBody): Result {
    if (body.action === "reconcile") {
      return body.settled && body.order
        ? {
            tone: "ok",
            text: t("action.reconciledChanged", { status: t(dynamicKey("status", body.order.status)) }),
          }
        : { tone: "info", text: t("action.reconciled") };
    }
    const outcome = body.wallet?.outcome ?? "UNKNOWN";
    const tone =
      outcome === "SUCCESS" ? "ok" : outcome === "FAIL" ? "bad" : outcome === "UNKNOWN" ? "warn" : "info";
    return {
      tone,
      text: t(dynamicKey("action.outcome", outcome), { code: body.wallet?.resultCode ?? "" }),
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!open || result) return;
    const form = new FormData(event.currentTarget);
    const body: Record<string, string> = {};
    const amountText = String(form.get("amount") ?? "").trim();
    if (open.action === "refund" || (open.action === "void" && amountText)) {
      const fils = parseIqd(amountText);
      if (fils === null || fils <= 0n) {
        setProblem(t("action.invalidAmount"));
        return;
      }
      body.amount = fils.toString();
    }
    if (open.action === "refund") body.reason = String(form.get("reason") ?? "");
    setSending(true);
    setProblem("");
    const answer = await callAdminApi<ActionAnswerBody>(
      `/api/admin/orders/${orderId}/${API_PATH[open.action]}`,
      {
        body,
        idempotencyKey: key,
      },
    );
    setSending(false);
    if (answer.ok && answer.body) {
      setResult(describe(answer.body));
      router.refresh();
    } else if (errorCode(answer) === "WALLET_REJECTED") {
      setResult({
        tone: "bad",
        text: t("action.outcome.FAIL", { code: answer.body?.error?.details?.resultCode ?? "" }),
      });
      router.refresh();
    } else {
      // Nothing was done, or we cannot tell: the same key makes a retry from this dialog safe.
      setProblem(t("common.error", { message: errorText(answer) }));
    }
  }

  const label = (action: ActionName) => t(`action.${action}` as MessageKey);

  return (
    <>
      <div className="actions-list">
        {actions.map((action) => (
          <button
            key={action.action}
            type="button"
            className={
              action.action === "reconcile"
                ? "btn"
                : action.action === "cancel"
                  ? "btn btn-danger"
                  : "btn btn-primary"
            }
            data-action={action.action}
            onClick={() => start(action)}
          >
            {label(action.action)}
          </button>
        ))}
      </div>
      <dialog ref={dialog} className="confirm" aria-labelledby="action-title" onClose={() => setOpen(null)}>
        {open ? (
          <form onSubmit={submit}>
            <div className="dialog-body">
              <h2 id="action-title">{t("action.confirmTitle", { action: label(open.action) })}</h2>
              {open.action === "accept" ? <p>{t("action.accept.explain")}</p> : null}
              {open.action === "cancel" ? (
                <p>{t("action.cancel.explain", { amount: iqd(money.amount) })}</p>
              ) : null}
              {open.action === "reconcile" ? <p>{t("action.reconcile.explain")}</p> : null}
              {open.action === "void" ? (
                <>
                  <p>{t("action.void.explain", { max: iqd(open.maxFils ?? "0") })}</p>
                  <label className="field">
                    <span>{t("action.amount")}</span>
                    <input
                      name="amount"
                      inputMode="decimal"
                      dir="ltr"
                      placeholder={filsToInput(BigInt(open.maxFils ?? "0"))}
                      aria-describedby="amount-hint"
                    />
                    <small id="amount-hint" className="muted">
                      {t("action.amountHint")}
                    </small>
                  </label>
                </>
              ) : null}
              {open.action === "refund" ? (
                <>
                  <p>{t("action.refund.explain")}</p>
                  <p className="formula" dir="auto" data-testid="refund-formula">
                    {t("action.refund.formula", {
                      captured: iqd(money.captured),
                      refunded: iqd(money.refunded),
                      pending: iqd(money.pending),
                      refundable: iqd(money.refundable),
                    })}
                  </p>
                  <div className="stack">
                    <label className="field">
                      <span>{t("action.amount")}</span>
                      <input
                        name="amount"
                        inputMode="decimal"
                        dir="ltr"
                        required
                        defaultValue={filsToInput(BigInt(money.refundable))}
                        aria-describedby="amount-hint"
                      />
                      <small id="amount-hint" className="muted">
                        {t("action.amountHint")}
                      </small>
                    </label>
                    <label className="field">
                      <span>{t("action.reason")}</span>
                      <input name="reason" required maxLength={256} dir="auto" />
                    </label>
                  </div>
                </>
              ) : null}
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
            </div>
            <div className="dialog-foot">
              {result ? (
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
          </form>
        ) : null}
      </dialog>
    </>
  );
}
