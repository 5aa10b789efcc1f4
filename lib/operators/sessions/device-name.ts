// A session's browser and system in words an operator recognises, from the User-Agent it signed in
// with: "Chrome 156" on "Android 14 (SM-A546E)". The versions and the phone's model are what tell two
// sessions apart when an operator is signed in on two phones, or an old laptop and a new one. Only
// the common cases: anything else shows as the raw text's start.

const BROWSERS: [RegExp, string][] = [
  [/Edg\/(\d+)/, "Edge"],
  [/OPR\/(\d+)|Opera/, "Opera"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\/|Safari\//, "Safari"],
  [/curl\/(\d+)/, "curl"],
  [/node|undici/i, "a script"],
];

/** The system, with its version and (for Android) the phone's model where the browser sends them. */
function systemOf(userAgent: string): string | undefined {
  const android = /Android (\d+)(?:[.\d]*)?(?:; ([^;)]+))?/.exec(userAgent);
  if (android) {
    const model = android[2]?.trim();
    // Chrome sends "K" instead of the model since 2023, Firefox "Mobile": neither names the phone.
    const named = model && !/^(K|Mobile|Tablet|wv)$|rv:|Linux/.test(model);
    return `Android ${android[1]}${named ? ` (${model})` : ""}`;
  }
  const apple = /(iPhone|iPad)[^)]*? OS (\d+)_(\d+)/.exec(userAgent);
  if (apple) return `${apple[1]} (iOS ${apple[2]}.${apple[3]})`;
  if (/iPhone|iPad|iOS/.test(userAgent)) return "iPhone or iPad";
  if (/Windows/.test(userAgent)) return "Windows";
  if (/CrOS/.test(userAgent)) return "ChromeOS";
  if (/Mac OS X|Macintosh/.test(userAgent)) return "Mac";
  if (/Linux/.test(userAgent)) return "Linux";
  return undefined;
}

export interface Device {
  /** "Chrome 156", or the raw text's start when nothing is recognised; "?" when none was sent. */
  browser: string;
  /** "Android 14 (SM-A546E)", "Windows"…; empty when unknown. */
  system: string;
}

export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: "?", system: "" };
  const found = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const version = found?.[0].exec(userAgent)?.slice(1).find(Boolean);
  const system = systemOf(userAgent) ?? "";
  if (!found && !system) return { browser: userAgent.slice(0, 40), system: "" };
  return { browser: found ? `${found[1]}${version ? ` ${version}` : ""}` : "?", system };
}

/** One line: "Chrome 156 · Android 14 (SM-A546E)". */
export function deviceName(userAgent: string | null): string {
  const { browser, system } = deviceOf(userAgent);
  return [browser, system].filter(Boolean).join(" · ");
}
