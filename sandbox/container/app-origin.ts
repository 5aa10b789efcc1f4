// Where the container shows a mini program. A page that loads the wallet's bridge by its own script
// tag (the wallet's CDN address, or `https://appx/...`) cannot be given another script from outside
// its origin, so the sandbox serves the mini program through itself, on an origin of its own:
// `http://app-<label>.localhost:<sandbox port>` (browsers resolve every *.localhost name to this
// machine). The label names the mini program's origin, so the proxy needs no state: `app-5173` is
// http://127.0.0.1:5173, anything else is its origin in base32 (`app-x…`).
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const MAX_LABEL = 63; // a DNS label

function base32(text: string): string {
  let bits = "";
  for (const byte of new TextEncoder().encode(text)) bits += byte.toString(2).padStart(8, "0");
  let out = "";
  for (let index = 0; index < bits.length; index += 5) {
    out += BASE32[Number.parseInt(bits.slice(index, index + 5).padEnd(5, "0"), 2)];
  }
  return out;
}

function fromBase32(text: string): string | undefined {
  let bits = "";
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) return undefined;
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) {
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The host label the proxy serves `origin` under, or nothing when it cannot (too long a name). */
function labelFor(origin: URL): string | undefined {
  if (origin.protocol === "http:" && LOOPBACK.has(origin.hostname) && origin.port)
    return `app-${origin.port}`;
  const label = `app-x${base32(origin.origin)}`;
  return label.length <= MAX_LABEL ? label : undefined;
}

/** The mini program's origin a proxied Host header names, or nothing when it is not a proxy host. */
export function originForHost(host: string | undefined): string | undefined {
  const match = host?.toLowerCase().match(/^app-([a-z0-9]+)\.localhost(?::\d+)?$/);
  const label = match?.[1];
  if (!label) return undefined;
  if (/^\d{1,5}$/.test(label)) return `http://127.0.0.1:${label}`;
  const decoded = label.startsWith("x") ? fromBase32(label.slice(1)) : undefined;
  try {
    const url = new URL(decoded ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The address the container's frame loads for `app`: through the proxy, same path and query. */
export function proxiedUrl(app: URL, sandboxBase: string): URL | undefined {
  const label = labelFor(app);
  if (!label) return undefined;
  const port = new URL(sandboxBase).port;
  const url = new URL(
    app.pathname + app.search + app.hash,
    `http://${label}.localhost${port ? `:${port}` : ""}`,
  );
  return url;
}
