// The cashier my.tradePay opens (the pay answer's redirectionUrl): shows the order and lets the
// user pay or cancel. Funds are checked here, so a low balance shows at the cashier and the
// payment keeps waiting (the user may cancel, or it closes at its expiry).
import type { SandboxContext } from "../context";
import { cancelAtCashier, closeIfExpired, payAtCashier } from "../domain/payments";
import type { Payment } from "../store/entities";
import type { PageResult } from "./authorize";
import { formatAmount, formatTime, html, page } from "./html";

function summary(ctx: SandboxContext, payment: Payment) {
  const merchant = ctx.store.get("merchant", payment.clientId);
  const user = payment.userId ? ctx.store.get("user", payment.userId) : undefined;
  return html`
<p>${merchant?.merchantName ?? payment.clientId}</p>
<div class="amount" id="amount">${formatAmount(payment.amount, payment.currency)}</div>
<dl>
  <dt>Order</dt><dd>${payment.orderDescription}</dd>
  <dt>Payer</dt><dd>${user ? `${user.fullName} (${user.userId})` : payment.userId}</dd>
  <dt>Payment id</dt><dd><code>${payment.paymentId}</code></dd>
  <dt>Status</dt><dd id="status">${payment.status}</dd>
  ${payment.expiresAt !== undefined && payment.status === "PROCESSING" ? html`<dt>Pay before</dt><dd>${formatTime(payment.expiresAt)} UTC</dd>` : ""}
</dl>`;
}

function backLink(payment: Payment) {
  return payment.paymentRedirectUrl
    ? html`<p><a id="back" href="${payment.paymentRedirectUrl}">Back to the merchant</a></p>`
    : "";
}

export function renderCashier(
  ctx: SandboxContext,
  paymentId: string,
  notice?: { ok: boolean; text: string },
): PageResult {
  const payment = ctx.store.get("payment", paymentId);
  if (!payment || payment.flow === "AGREEMENT") {
    return { status: 404, html: page("Not found", html`<div class="card"><h1>No such payment</h1></div>`) };
  }
  closeIfExpired(ctx, payment);
  const waiting = payment.status === "PROCESSING";
  const body = html`
<div class="card">
  <h1>${waiting ? "Confirm payment" : "Payment"}</h1>
  ${summary(ctx, payment)}
  ${notice ? html`<p class="${notice.ok ? "ok" : "error"}" id="result">${notice.text}</p>` : ""}
  ${
    waiting
      ? html`<form method="post" action="/cashier/${payment.paymentId}">
    <button type="submit" name="action" value="pay" id="pay">Pay</button>
    <button type="submit" name="action" value="cancel" class="secondary" id="cancel">Cancel</button>
  </form>`
      : backLink(payment)
  }
</div>`;
  return { status: 200, html: page("Cashier", body) };
}

export function submitCashier(
  ctx: SandboxContext,
  paymentId: string,
  form: URLSearchParams,
): Promise<PageResult> | PageResult {
  const payment = ctx.store.get("payment", paymentId);
  if (!payment) return renderCashier(ctx, paymentId);
  return ctx.locks
    .run(payment.paymentId, 0, () =>
      form.get("action") === "pay" ? payAtCashier(ctx, payment) : cancelAtCashier(ctx, payment),
    )
    .then(
      (outcome) =>
        renderCashier(
          ctx,
          paymentId,
          outcome.ok
            ? {
                ok: true,
                text: outcome.payment.status === "SUCCESS" ? "Payment successful" : "Payment cancelled",
              }
            : { ok: false, text: `${outcome.code}: ${outcome.message}` },
        ),
      () =>
        renderCashier(ctx, paymentId, {
          ok: false,
          text: "Another operation on this payment is in progress",
        }),
    );
}
