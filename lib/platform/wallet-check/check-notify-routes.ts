// Whether our notification routes answer at the address we give the wallet (PUBLIC_BASE_URL): a GET
// must be refused with 405 and `Allow: POST`, which only this app's notification route answers. It
// proves the address leads here from this machine; the wallet calls from the internet, so an
// address only this machine or network can reach is pointed out too.
import type { CheckLine } from "./judge-wallet";

const NOTIFY_KINDS = ["payment", "void", "refund"] as const;

function notifyUrlsOf(publicBaseUrl: string): string[] {
  return NOTIFY_KINDS.map((kind) => new URL(`/api/wallet/notify/${kind}`, publicBaseUrl).toString());
}

const CHECK = "Notify URLs (PUBLIC_BASE_URL)";

export async function checkNotifyRoutes(
  publicBaseUrl: string,
  options: { walletIsLocal: boolean; isProduction: boolean; fetchImpl?: typeof fetch },
): Promise<CheckLine[]> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const lines: CheckLine[] = [];
  for (const url of notifyUrlsOf(publicBaseUrl)) {
    lines.push(await checkOne(url, fetchImpl));
  }
  const where = new URL(publicBaseUrl);
  if (!options.walletIsLocal && isLocalHost(where.hostname)) {
    lines.push({
      check: CHECK,
      verdict: "warn",
      says: `${where.hostname} is reachable from this machine or network only, not by the wallet`,
      fix: "Set PUBLIC_BASE_URL to the app's public https origin, the one registered with the wallet.",
    });
  } else if (options.isProduction && where.protocol !== "https:") {
    lines.push({
      check: CHECK,
      verdict: "warn",
      says: `${where.origin} is not https: the wallet's flows call for an HTTPS endpoint`,
      fix: "Serve the app over https (a TLS-terminating proxy) and set PUBLIC_BASE_URL to that origin.",
    });
  }
  return lines;
}

async function checkOne(url: string, fetchImpl: typeof fetch): Promise<CheckLine> {
  try {
    const response = await fetchImpl(url, {
      method: "GET",
      redirect: "manual",
      signal: AbortSignal.timeout(5_000),
    });
    await response.body?.cancel();
    if (response.status === 405 && response.headers.get("allow")?.includes("POST")) {
      return { check: CHECK, verdict: "pass", says: `${url} answers (POST only, as expected)` };
    }
    return {
      check: CHECK,
      verdict: "fail",
      says: `${url} answered HTTP ${response.status}, not this app's notification route`,
      fix: "PUBLIC_BASE_URL must be this app's public origin; a proxy in front must pass /api/wallet/notify/* through unchanged.",
    };
  } catch (error) {
    return {
      check: CHECK,
      verdict: "fail",
      says: `${url} did not answer (${error instanceof Error ? error.message : String(error)})`,
      fix: "Start the app, or fix PUBLIC_BASE_URL and the DNS and proxy in front of the app.",
    };
  }
}

/** Loopback, private ranges and names that never resolve on the internet. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host === "::1" ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host)
  );
}
