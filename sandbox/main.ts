// `npm run sandbox`: the wallet sandbox on 127.0.0.1:4010 (SANDBOX_PORT, SANDBOX_HOST), state in
// .sandbox-data/ (SANDBOX_DATA_DIR), control API on unless SANDBOX_MODE=off.
// `npm run sandbox -- --fresh` starts from a fresh state, keeping the wallet key and the merchants.
import { resolve } from "node:path";
import { describeOffset } from "./clock";
import type { SandboxMode } from "./context";
import { startSandbox } from "./server";

function modeOf(value: string | undefined): SandboxMode {
  if (value === undefined || value === "") return "dev";
  if (value === "dev" || value === "test" || value === "off") return value;
  throw new Error(`SANDBOX_MODE must be dev, test or off (got "${value}")`);
}

function portOf(value: string | undefined): number {
  if (value === undefined || value === "") return 4010;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`SANDBOX_PORT is not a port: "${value}"`);
  return port;
}

const unknownArguments = process.argv.slice(2).filter((argument) => argument !== "--fresh");
if (unknownArguments.length > 0)
  throw new Error(`unknown arguments: ${unknownArguments.join(" ")} (only --fresh)`);
const fresh = process.argv.includes("--fresh");
const mode = modeOf(process.env.SANDBOX_MODE);
const dataDir = resolve(process.env.SANDBOX_DATA_DIR || ".sandbox-data");

const sandbox = await startSandbox({
  port: portOf(process.env.SANDBOX_PORT),
  host: process.env.SANDBOX_HOST || "127.0.0.1",
  dataDir,
  mode,
  fresh,
  publicBaseUrl: process.env.SANDBOX_PUBLIC_URL || undefined,
});
console.log(`[sandbox] wallet sandbox listening on ${sandbox.url} (mode ${mode})`);
if (fresh)
  console.log(`[sandbox] started fresh: only the wallet key and the merchants were kept (${dataDir})`);
if (sandbox.clockOffsetMs > 0) {
  // Left by an earlier `POST /sandbox/clock {advanceSeconds}`: every payment whose expiry the merchant
  // computed from its real clock would close at once. Said at start, where a developer looks.
  console.warn(
    `[sandbox] wallet time is ${describeOffset(sandbox.clockOffsetMs)} ahead of real time; ` +
      `reset it with POST /sandbox/clock {"reset":true}, the button on ${sandbox.url}/status, or start with --fresh`,
  );
}

// MEMORY_LOG_SECONDS, as in the app and the workers: one `memory` JSON line (MB) every so often.
const memoryLogSeconds = Number(process.env.MEMORY_LOG_SECONDS);
if (memoryLogSeconds > 0) {
  const reportMemory = () => {
    const usage = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;
    const fields = { rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal) };
    console.log(JSON.stringify({ msg: "memory", ...fields, external: mb(usage.external) }));
  };
  reportMemory();
  setInterval(reportMemory, memoryLogSeconds * 1000).unref();
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  });
}
