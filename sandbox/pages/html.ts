// Plain server-rendered HTML for the wallet's pages: one inline stylesheet, no scripts, no external
// assets, so the pages work offline in any browser.
import { formatIqd } from "@/lib/platform/money/format-iqd";

function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += renderValue(value) + (strings[index + 1] ?? "");
  });
  return new Html(out);
}

function renderValue(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(value);
}

const STYLE = `
  :root { color-scheme: light; --ink:#1d2433; --muted:#5d6678; --line:#dde1e8; --brand:#0b6e4f; --bad:#b42318; }
  * { box-sizing: border-box; }
  body { margin:0; font:16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:var(--ink); background:#f4f6f9; }
  header { background:var(--brand); color:#fff; padding:12px 20px; font-weight:600; }
  main { max-width:760px; margin:24px auto; padding:0 16px; }
  main.wide { max-width:1200px; }
  .card { background:#fff; border:1px solid var(--line); border-radius:10px; padding:20px; margin-bottom:16px; }
  h1 { font-size:1.35rem; margin:0 0 12px; } h2 { font-size:1.1rem; margin:20px 0 8px; }
  dl { display:grid; grid-template-columns:max-content 1fr; gap:6px 16px; margin:0; } dt { color:var(--muted); } dd { margin:0; word-break:break-all; }
  .amount { font-size:2rem; font-weight:700; margin:8px 0 16px; }
  button { font:inherit; padding:10px 20px; border-radius:8px; border:1px solid var(--brand); background:var(--brand); color:#fff; cursor:pointer; margin-right:8px; }
  button.secondary { background:#fff; color:var(--brand); }
  input, select { font:inherit; padding:8px; border:1px solid var(--line); border-radius:6px; width:100%; margin:4px 0 12px; }
  label { display:block; color:var(--muted); }
  ul.scopes { padding-left:20px; } code { background:#eef1f5; padding:2px 6px; border-radius:4px; word-break:break-all; }
  .error { color:var(--bad); font-weight:600; } .ok { color:var(--brand); font-weight:600; }
  table { width:100%; border-collapse:collapse; font-size:.85rem; background:#fff; }
  th, td { text-align:left; border-bottom:1px solid var(--line); padding:6px 8px; vertical-align:top; }
  th { background:#eef1f5; } td.small { font-size:.78rem; color:var(--muted); }
`;

export function page(title: string, body: Html, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Wallet sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<header>Wallet sandbox</header>
<main${options.wide ? ' class="wide"' : ""}>
${body.value}
</main>
</body>
</html>`;
}

/** Amounts as people read them: IQD as "12,000 IQD" (fils only when there are some). */
export function formatAmount(minorUnits: bigint, currency: string): string {
  // The sandbox may be set to accept other currencies; their minor unit is unknown here.
  return currency === "IQD" ? formatIqd(minorUnits) : `${minorUnits} ${currency} (minor units)`;
}

export function formatTime(ms: number | undefined): string {
  return ms === undefined ? "" : new Date(ms).toISOString().replace("T", " ").slice(0, 19);
}
