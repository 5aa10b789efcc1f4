// MEMORY_LOG_SECONDS: the process reports its own memory at a steady pace, as one JSON line
// (`"msg":"memory"`) holding process.memoryUsage() in MB: rss (what the kernel counts against the
// instance), heapUsed/heapTotal (V8's heap, what --max-old-space-size bounds), external and
// arrayBuffers (Buffers, TLS, the native side of packages). `npm run soak` reads these lines from the
// app and the workers; an operator can turn it on to see which part grows. Off unless set.
import type { Logger } from "pino";

const MB = 1024 * 1024;

/** process.memoryUsage() in MB, one decimal. */
function memoryInMb(): Record<"rss" | "heapUsed" | "heapTotal" | "external" | "arrayBuffers", number> {
  const usage = process.memoryUsage();
  const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
  return {
    rss: mb(usage.rss),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
  };
}

/**
 * Logs the process's memory every `everyMs` (none when undefined), at info whatever the logger's
 * level: whoever set MEMORY_LOG_SECONDS asked for these lines. The timer never keeps a process alive.
 */
export function startMemoryReport(logger: Logger, everyMs: number | undefined): void {
  if (everyMs === undefined) return;
  const reporter = logger.child({}, { level: "info" });
  const report = () => reporter.info(memoryInMb(), "memory");
  report();
  setInterval(report, everyMs).unref();
}
