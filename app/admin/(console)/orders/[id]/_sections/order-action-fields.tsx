"use client";
// What each action's dialog says and asks before its review, by action: the explanation with the
// money worked out, and the amount (and reason) a void or refund needs — a refund's amount starts
// empty. Amounts are typed in IQD (Latin or Arabic-Indic digits) and sent in fils.
import type { ReactNode } from "react";
import { formatAmount } from "@/lib/console/i18n/format";
import type { Locale, Translate } from "@/lib/console/i18n/translate";
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import type { OrderDetailJson } from "@/lib/http/contract/admin/orders";
import { filsToInput, parseIqd } from "@/lib/platform/money/parse-iqd";

export type OfferedAction = OrderDetailJson["actions"][number];
export type ActionMoney = OrderDetailJson["money"];

interface FieldsProps {
  offered: OfferedAction;
  money: ActionMoney;
  t: Translate;
  locale: Locale;
}

function AmountField({
  t,
  placeholder,
  required,
}: {
  t: Translate;
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <label className="field">
      <span>{t("action.amount")}</span>
      <input
        name="amount"
        inputMode="decimal"
        dir="ltr"
        required={required}
        placeholder={placeholder}
        aria-describedby="amount-hint"
      />
      <small id="amount-hint" className="muted">
        {t("action.amountHint")}
      </small>
    </label>
  );
}

function RefundFields({ money, t, locale }: FieldsProps) {
  const iqd = (fils: string) => formatAmount(BigInt(fils), locale);
  return (
    <>
      <p>{t("action.refund.explain")}</p>
      <p className="formula" dir="auto" data-testid="refund-formula">
        {t("action.refund.formula", {
          captured: iqd(money.capturedFils),
          refunded: iqd(money.refundedFils),
          pending: iqd(money.pendingRefundFils),
          refundable: iqd(money.refundableFils),
        })}
      </p>
      <div className="stack">
        {/* Empty on purpose: the operator types what goes back; the most is said beside it. */}
        <AmountField t={t} required placeholder={t("action.upTo", { amount: iqd(money.refundableFils) })} />
        <label className="field">
          <span>{t("action.reason")}</span>
          <input name="reason" required maxLength={256} dir="auto" />
        </label>
      </div>
    </>
  );
}

function VoidFields({ offered, t, locale }: FieldsProps) {
  const max = BigInt(offered.maxFils ?? "0");
  return (
    <>
      <p>{t("action.void.explain", { max: formatAmount(max, locale) })}</p>
      <AmountField t={t} placeholder={filsToInput(max)} />
    </>
  );
}

export const ACTION_FIELDS: Record<OrderActionName, (props: FieldsProps) => ReactNode> = {
  accept: ({ t }) => <p>{t("action.accept.explain")}</p>,
  cancel: ({ t, money, locale }) => (
    <p>{t("action.cancel.explain", { amount: formatAmount(BigInt(money.amountFils), locale) })}</p>
  ),
  void: VoidFields,
  refund: RefundFields,
  reconcile: ({ t }) => <p>{t("action.reconcile.explain")}</p>,
};

/**
 * The request body from the dialog's form, or null when the amount is not a positive IQD amount. A
 * void's amount may be left out (everything still held); a refund's may not.
 */
export function actionBody(action: OrderActionName, form: FormData): Record<string, string> | null {
  const body: Record<string, string> = {};
  const amountText = String(form.get("amount") ?? "").trim();
  if (action === "refund" || (action === "void" && amountText)) {
    const fils = parseIqd(amountText);
    if (fils === null || fils <= 0n) return null;
    body.amount = fils.toString();
  }
  if (action === "refund") body.reason = String(form.get("reason") ?? "");
  return body;
}
