// GET /container?app=<mini program URL>: the phone frame (client/frame.css, client/frame.js) with
// the mini program in it, served through the proxy (app-origin.ts) unless `proxy=off`, and the panel
// of wallet user, language and faults. `lang` (en, ar) is what my.getSystemInfo reports.
import { type Html, html } from "../pages/html";
import { httpUrl } from "../pages/results";
import { proxiedUrl } from "./app-origin";
import { PERSONAS } from "./wallet-user";

export interface FrameOptions {
  app: string | null;
  language: string;
  direct: boolean;
  sandboxBase: string;
}

const AUTH_FAULTS = ["3", "1000", "1001", "1002", "1003", "2001"];
const PAY_FAULTS = ["8000", "6004", "6002", "4000"];
const FAULT_OUTCOMES = [
  "U",
  "TIMEOUT",
  "PAYMENT_IN_PROCESS",
  "REFUND_FAIL",
  "DROP_NOTIFICATION",
  "DELAY_NOTIFICATION",
];

function faultSelect(id: string, label: string, codes: string[]): Html {
  return html`<label for="${id}">${label}</label><select id="${id}"><option value="">as the user does</option>${codes.map((code) => html`<option value="${code}">${code}</option>`)}</select>`;
}

function panel(options: FrameOptions, shown: URL | undefined): Html {
  return html`<aside class="panel" aria-label="Wallet controls">
<h1>Wallet container</h1>
<p>Runs a mini program with the wallet's bridge, as the wallet app does.${shown ? html` Served at <code id="served-at">${shown.origin}</code>.` : ""}</p>
<form method="get" action="/container">
<label for="app">Mini program address</label><input id="app" name="app" value="${options.app ?? ""}" placeholder="http://127.0.0.1:5173/">
<label for="language">Language of the wallet app</label>
<select id="language" name="lang"><option value="en" ${options.language === "en" ? "selected" : ""}>English</option><option value="ar" ${options.language === "ar" ? "selected" : ""}>العربية</option></select>
${options.direct ? html`<input type="hidden" name="proxy" value="off">` : ""}
<button type="submit" id="open-app">Open</button>
</form>
<h2>Wallet user</h2>
<p>Signed in: <span id="wallet-user">…</span></p>
<label for="persona">Persona</label>
<select id="persona">${PERSONAS.map((persona) => html`<option>${persona}</option>`)}</select>
<button type="button" id="new-user">New wallet user</button>
<h2>The next call answers</h2>
${faultSelect("fault-auth", "my.getAuthCode fails with", AUTH_FAULTS)}
${faultSelect("fault-pay", "my.tradePay answers", PAY_FAULTS)}
${faultSelect("fault-sign", "walletSignContract fails with", ["6002"])}
<h2>Wallet API faults</h2>
<form id="server-fault">
<label for="fault-operation">Operation</label><input id="fault-operation" name="operation" value="pay">
<label for="fault-outcome">Outcome</label><select id="fault-outcome" name="outcome">${FAULT_OUTCOMES.map((outcome) => html`<option>${outcome}</option>`)}</select>
<label for="fault-count">Count</label><input id="fault-count" name="count" type="number" min="1" value="1">
<button type="submit">Set fault</button>
<p id="server-fault-result" role="status"></p>
</form>
<h2>Bridge calls</h2>
<ol id="call-log" aria-live="polite"></ol>
</aside>`;
}

/** The address the phone loads, or nothing when `app` is not an http(s) URL. */
function shownUrl(options: FrameOptions): URL | undefined {
  const app = httpUrl(options.app);
  if (!app) return undefined;
  return options.direct ? app : (proxiedUrl(app, options.sandboxBase) ?? app);
}

export function framePage(options: FrameOptions): string {
  const shown = shownUrl(options);
  const phone = shown
    ? // data-src, not src: frame.js loads the mini program once it listens for the bridge's calls.
      html`<iframe id="mini-program" title="Mini program" data-src="${shown.toString()}" data-origin="${shown.origin}"></iframe>`
    : html`<p class="empty" id="mini-program" data-origin="">Enter the address of a mini program beside the phone.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wallet container · Wallet sandbox</title>
<link rel="stylesheet" href="/container/frame.css">
</head>
<body>
<main class="container">
${html`<section class="phone" aria-label="Phone">
<div class="status-bar" aria-hidden="true">Wallet · 9:41</div>
${phone}
<div id="sheet" class="sheet" hidden role="dialog" aria-modal="true" aria-labelledby="sheet-title">
<div class="sheet-bar"><h2 id="sheet-title">Wallet</h2><button type="button" id="sheet-close" aria-label="Close the wallet page">×</button></div>
<iframe id="sheet-frame" title="Wallet page"></iframe>
</div>
<div id="toast" role="status" hidden></div>
<div id="loading" hidden><span class="spinner" aria-hidden="true"></span><span id="loading-text" role="status"></span></div>
<dialog id="alert" aria-labelledby="alert-title"><h2 id="alert-title"></h2><p id="alert-content"></p>
<form method="dialog"><button id="alert-button">OK</button></form></dialog>
</section>`}
${panel(options, shown)}
</main>
<script src="/container/frame.js"></script>
</body>
</html>`;
}

export function returnPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back to the mini program</title></head>
<body><p>Back to the mini program…</p></body></html>`;
}
