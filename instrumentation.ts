// Runs once when a Next.js server starts. The Node.js-only part lives in its own module so the Edge
// bundle never sees it.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).startNodeServer();
}
