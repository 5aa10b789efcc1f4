// The cashier my.tradePay opens (the pay answer's redirectionUrl): shows the order and lets the
// user pay or cancel. Funds are checked here, so a low balance shows at the cashier and the
// payment keeps waiting (the user may cancel, or it closes at its expiry).
//
// Afterwards the wallet returns the user to the mini program, like tradePay's callback: to the
// `paymentRedirectUrl` of `pay` when the merchant sent one, else to the page that opened the
// cashier (the browser container passes `returnTo`; another front end is known by its Referer).
import type { SandboxContext } from "../context";
import { cancelAtCashier, closeIfExpired, payAtCashier } from "../domain/payments";
import type { Payment } from "../store/entities";
import { formatAmount, formatTime, html, page } from "./html";
import { httpUrl, type PageResult, resultPage } from "./results";

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

/**
 * Where "back to the mini program" leads when the merchant gave no paymentRedirectUrl: the
 * container's return page named by `returnTo` (that same-origin path, nothing else), or the page of another
 * origin that opened the cashier (its Referer; the sandbox's own pages are not the mini program).
 */
export function returnTarget(
  ctx: SandboxContext,
  opened: { returnTo?: string | null; referer?: string | null },
): string | undefined {
  if (opened.returnTo && /^\/container\/return(\?|$)/.test(opened.returnTo)) return opened.returnTo;
  const url = httpUrl(opened.referer);
  return url && url.origin !== new URL(ctx.baseUrl()).origin ? url.toString() : undefined;
}

function backLink(payment: Payment, returnTo: string | undefined) {
  const target = payment.paymentRedirectUrl ?? returnTo;
  return target
    ? html`<p><a id="back" href="${target}">Back to the mini program</a></p>`
    : html`<p id="back-hint">Return to the mini program to see the order.</p>`;
}

export function renderCashier(
  ctx: SandboxContext,
  paymentId: string,
  returnTo: string | undefined,
  notice?: { ok: boolean; text: string },
): PageResult {
  const payment = ctx.store.get("payment", paymentId);
  if (!payment || payment.flow === "AGREEMENT") {
    return resultPage(404, "No such payment", {
      ok: false,
      text: "The wallet has no cashier payment with this id.",
    });
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
    <input type="hidden" id="return-to" name="returnTo" value="${returnTo ?? ""}">
    <button type="submit" name="action" value="pay" id="pay">Pay</button>
    <button type="submit" name="action" value="cancel" class="secondary" id="cancel">Cancel</button>
  </form>`
      : backLink(payment, returnTo)
  }
</div>`;
  return { status: 200, html: page("Cashier", body) };
}

export async function submitCashier(
  ctx: SandboxContext,
  paymentId: string,
  form: URLSearchParams,
): Promise<PageResult> {
  // The form carries what the GET resolved, either kind.
  const carried = form.get("returnTo");
  const returnTo = returnTarget(ctx, { returnTo: carried, referer: carried });
  const payment = ctx.store.get("payment", paymentId);
  if (!payment) return renderCashier(ctx, paymentId, returnTo);
  return ctx.locks
    .run(payment.paymentId, 0, () =>
      form.get("action") === "pay" ? payAtCashier(ctx, payment) : cancelAtCashier(ctx, payment),
    )
    .then(
      (outcome) =>
        renderCashier(
          ctx,
          paymentId,
          returnTo,
          outcome.ok
            ? {
                ok: true,
                text: outcome.payment.status === "SUCCESS" ? "Payment successful" : "Payment cancelled",
              }
            : { ok: false, text: `${outcome.code}: ${outcome.message}` },
        ),
      () =>
        renderCashier(ctx, paymentId, returnTo, {
          ok: false,
          text: "Another operation on this payment is in progress",
        }),
    );
}
