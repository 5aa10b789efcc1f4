// The status page: what the sandbox holds per merchant, newest first: payments, refunds and
// notifications with every delivery attempt. Filter with ?clientId=.
import { describeOffset } from "../clock";
import type { SandboxContext } from "../context";
import { formatAmount, formatTime, html, page } from "./html";
import type { PageResult } from "./results";

const LIMIT = 200;

function newest<T extends { createdAt: number }>(items: Iterable<T>, clientId: string | null): T[] {
  return [...items]
    .filter((item) => !clientId || (item as unknown as { clientId?: string }).clientId === clientId)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, LIMIT);
}

/** The wallet's time, and a way back to real time when a test left it ahead. */
function clockNotice(ctx: SandboxContext) {
  const now = html`Wallet time ${formatTime(ctx.clock.nowMs())} UTC`;
  if (ctx.clock.offset === 0) return html`<p id="clock">${now}: real time.</p>`;
  return html`<form method="post" action="/status/reset-clock" class="card">
<p id="clock" class="error">${now}: wallet time is ${describeOffset(ctx.clock.offset)} ahead of real time.
Payments whose expiry the merchant computed from its real clock close at once.</p>
<button type="submit" id="reset-clock">Reset to real time</button></form>`;
}

export function renderStatus(ctx: SandboxContext, query: URLSearchParams): PageResult {
  const clientId = query.get("clientId");
  const { store } = ctx;
  const merchants = [...store.all("merchant")];
  const payments = newest(store.all("payment"), clientId);
  const refunds = newest(store.all("refund"), clientId);
  const notifications = newest(store.all("notification"), clientId);
  const body = html`
<h1>Sandbox status</h1>
${clockNotice(ctx)}
${clientId ? html`<p>Showing merchant <code>${clientId}</code> · <a href="/status">all merchants</a></p>` : ""}
<h2>Merchants</h2>
<table id="merchants"><tr><th>Client-Id</th><th>Status</th><th>Name</th><th>Notify allowlist</th></tr>
${merchants.map((m) => html`<tr><td><a href="/status?clientId=${encodeURIComponent(m.clientId)}">${m.clientId}</a></td><td>${m.status}</td><td>${m.merchantName}</td><td>${m.notifyUrlAllowlist.join(" ") || "any"}</td></tr>`)}
</table>
<h2>Payments (${payments.length})</h2>
<table id="payments"><tr><th>Created</th><th>paymentId / paymentRequestId</th><th>Flow</th><th>Amount</th><th>Status</th><th>Transactions</th></tr>
${payments.map(
  (
    p,
  ) => html`<tr><td class="small">${formatTime(p.createdAt)}</td><td><a href="/cashier/${p.paymentId}">${p.paymentId}</a><br><span class="small">${p.paymentRequestId}</span></td>
<td>${p.flow}</td><td>${formatAmount(p.amount, p.currency)}</td>
<td>${p.status}${p.escrowStage ? ` / ${p.escrowStage}` : ""}${p.finalResult && p.status !== "SUCCESS" ? ` (${p.finalResult.resultCode})` : ""}</td>
<td class="small">${p.transactions.map((t) => html`${t.transactionType} ${t.transactionStatus} ${t.transactionAmount.toString()}<br>`)}</td></tr>`,
)}
</table>
<h2>Refunds (${refunds.length})</h2>
<table id="refunds"><tr><th>Created</th><th>refundId / refundRequestId</th><th>Payment</th><th>Amount</th><th>Status</th></tr>
${refunds.map(
  (
    r,
  ) => html`<tr><td class="small">${formatTime(r.createdAt)}</td><td>${r.refundId}<br><span class="small">${r.refundRequestId}</span></td><td>${r.paymentId}</td>
<td>${formatAmount(r.amount, r.currency)}</td><td>${r.status}${r.failReason ? `: ${r.failReason}` : ""}</td></tr>`,
)}
</table>
<h2>Notifications (${notifications.length})</h2>
<table id="notifications"><tr><th>Created</th><th>Kind</th><th>URL</th><th>Status</th><th>Attempts</th></tr>
${notifications.map(
  (
    n,
  ) => html`<tr><td class="small">${formatTime(n.createdAt)}</td><td>${n.kind}<br><span class="small">${n.subjectId}</span></td><td class="small">${n.url}</td>
<td>${n.status}${n.nextAttemptAt !== undefined ? html`<br><span class="small">next ${formatTime(n.nextAttemptAt)}</span>` : ""}</td>
<td class="small">${n.attempts.map((a) => html`#${a.attempt}${a.copy > 1 ? ` (copy ${a.copy})` : ""} ${formatTime(a.at)} → ${a.acknowledged ? "acknowledged" : (a.error ?? `HTTP ${a.httpStatus}`)}<br>`)}</td></tr>`,
)}
</table>`;
  return { status: 200, html: page("Status", body, { wide: true }) };
}
