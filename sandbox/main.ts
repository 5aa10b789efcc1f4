// `npm run sandbox`: the wallet sandbox on 127.0.0.1:4010 (SANDBOX_PORT, SANDBOX_HOST), state in
// .sandbox-data/ (SANDBOX_DATA_DIR), control API on unless SANDBOX_MODE=off.
import { resolve } from "node:path";
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

const sandbox = await startSandbox({
  port: portOf(process.env.SANDBOX_PORT),
  host: process.env.SANDBOX_HOST || "127.0.0.1",
  dataDir: resolve(process.env.SANDBOX_DATA_DIR || ".sandbox-data"),
  mode: modeOf(process.env.SANDBOX_MODE),
  publicBaseUrl: process.env.SANDBOX_PUBLIC_URL || undefined,
});
console.log(
  `[sandbox] wallet sandbox listening on ${sandbox.url} (mode ${modeOf(process.env.SANDBOX_MODE)})`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  });
}
