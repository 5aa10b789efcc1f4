// HAProxy (Debian's /usr/sbin/haproxy) in front of app instances, as deploy/haproxy.cfg puts it in
// front of them in production: round robin, each instance's liveness checked twice a second and
// taken out after three misses, a request whose connection is refused tried on another instance. A
// child of this test process in the foreground (-db), in a temporary folder; stopped by its own pid.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./ports";
import { waitUntil } from "./wait";

const HAPROXY_BINARY = process.env.HAPROXY_BINARY ?? "/usr/sbin/haproxy";

export interface HaproxyBackend {
  name: string;
  port: number;
}

export interface RunningHaproxy {
  url: string;
  port: number;
  pid: number | undefined;
  /** What HAProxy printed (server state changes, alerts), for failure messages and the report. */
  output(): string;
  /** Its lines saying an instance went DOWN or came back UP, in order. */
  stateChanges(): string[];
  stop(): Promise<void>;
}

/**
 * The checked-in production configuration (deploy/haproxy.cfg), with its listening address and its
 * servers rewritten for this machine: the test runs the settings production runs.
 */
function haproxyConfig(port: number, backends: HaproxyBackend[]): string {
  const production = readFileSync(path.resolve("deploy/haproxy.cfg"), "utf8");
  const servers = backends.map((backend) => `    server ${backend.name} 127.0.0.1:${backend.port} check`);
  const lines: string[] = [];
  let inResolvers = false;
  for (const line of production.split("\n")) {
    // Docker's DNS is not here: the servers are addresses.
    if (/^resolvers /.test(line)) inResolvers = true;
    else if (/^\S/.test(line)) inResolvers = false;
    if (inResolvers || /^\s+server /.test(line)) continue;
    if (/^\s+bind /.test(line)) lines.push(`    bind 127.0.0.1:${port}`);
    else if (/^\s+default-server /.test(line)) {
      lines.push(line.replace(/ resolvers \S+/, "").replace(/ init-addr \S+/, ""), ...servers);
    } else lines.push(line);
  }
  return lines.join("\n");
}

/**
 * Starts HAProxy; resolves once it routes a request to an instance, or (`waitForBackend: false`, for
 * instances started after it) once it answers at all — 503 while no instance is up.
 */
export async function startHaproxy(
  backends: HaproxyBackend[],
  options: { waitForBackend?: boolean } = {},
): Promise<RunningHaproxy> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "haproxy-"));
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(port, backends));
  const child: ChildProcess = spawn(HAPROXY_BINARY, ["-db", "-f", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // Every request is logged too (option httplog): state changes are kept apart, all of them.
  const changes: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-50_000);
    for (const line of text.split("\n")) {
      if (/Server \S+ is (DOWN|UP)\b/.test(line)) changes.push(line.slice(line.indexOf("Server ")));
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.once("exit", kill);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
        return fetch(`${url}/api/health/live`).then(
          (response) => response.ok || options.waitForBackend === false,
          () => false,
        );
      },
      { timeoutMs: 30_000, what: `haproxy to answer on ${port}` },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: child.pid, output: () => output, stateChanges: () => [...changes], stop };
}
