// Starts the wallet sandbox as its own process for benchmarks (its own core, like a real wallet).
import { type ChildProcess, spawn } from "node:child_process";
import { generateTestKeyPair } from "../../test/support/keys";

export async function startSandboxProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
    env: {
      ...process.env,
      SANDBOX_PORT: "0",
      SANDBOX_HOST: "127.0.0.1",
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_MODE: "test",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`sandbox exited early (${code}): ${output}`)));
  });
  return { child, url };
}

export async function control<T>(url: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A merchant of the benches: a fresh key pair registered with the sandbox under `clientId`, with the
 * sandbox's limits raised out of the way (`settings`, e.g. userDailyLimit) so only speed is measured.
 */
export async function registerBenchMerchant(url: string, clientId: string, settings: Record<string, string>) {
  const keys = generateTestKeyPair();
  const { walletPublicKeyPem } = await control<{ walletPublicKeyPem: string }>(url, "/sandbox/merchants", {
    clientId,
    publicKeyPem: keys.publicKeyPem,
  });
  await control(url, "/sandbox/settings", settings);
  return { keys, clientId, walletPublicKeyPem };
}
