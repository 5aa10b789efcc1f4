// Waiting for something to become true in tests and benches: one poll loop with a deadline that
// names what it waited for when it gives up.

export interface WaitOptions {
  timeoutMs: number;
  /** Said in the error when the deadline passes. */
  what: string;
  intervalMs?: number;
}

/** Polls `check` until it returns something truthy, and returns that. */
export async function waitUntil<T>(
  check: () => Promise<T | false | undefined | null>,
  options: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/** Waits until `url` answers 2xx (a server that is still starting refuses or answers 503). */
export async function waitForHttpOk(url: string, timeoutMs = 60_000): Promise<void> {
  await waitUntil(
    async () => {
      try {
        return (await fetch(url)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs, what: `${url} to answer`, intervalMs: 250 },
  );
}
