// This device's storage, or memory when the browser refuses it: a mini program shown inside another
// page (the wallet container in a browser that blocks third-party storage) must still work, only
// forgetting its cart and choices when it reloads.
const memory = new Map<string, string>();

function area(kind: "local" | "session"): Storage | undefined {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(kind: "local" | "session", key: string): string | null {
  try {
    const stored = area(kind)?.getItem(key);
    if (stored !== undefined) return stored ?? null;
  } catch {
    // refused: memory below
  }
  return memory.get(`${kind}:${key}`) ?? null;
}

function write(kind: "local" | "session", key: string, value: string | null): void {
  try {
    const storage = area(kind);
    if (storage) {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
      return;
    }
  } catch {
    // refused: memory below
  }
  if (value === null) memory.delete(`${kind}:${key}`);
  else memory.set(`${kind}:${key}`, value);
}

/** Kept across visits (the cart, the language, one-tap pay's state). */
export const kept = {
  get: (key: string) => read("local", key),
  set: (key: string, value: string) => write("local", key, value),
  remove: (key: string) => write("local", key, null),
};

/** Kept for this visit (a checkout's key, what tradePay answered). */
export const visit = {
  get: (key: string) => read("session", key),
  set: (key: string, value: string) => write("session", key, value),
  remove: (key: string) => write("session", key, null),
};
