// A real PgBouncer (Debian's /usr/sbin/pgbouncer) in front of the local test server, for tests that
// prove the app works through a pooler. A child of this test process on a free port, with its own
// temporary configuration and user list (auth_type trust: the test server trusts 127.0.0.1 too),
// every database name passed through to 127.0.0.1:5432, and stopped by its own pid.
//
//   const bouncer = await startPgBouncer({ mode: "transaction", poolSize: 3 });
//   const url = bouncer.urlFor(db.url);        // the same database, through PgBouncer
//   await bouncer.stop();

import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { freePort } from "./ports";

const PGBOUNCER_BINARY = process.env.PGBOUNCER_BINARY ?? "/usr/sbin/pgbouncer";

export interface PgBouncerOptions {
  /** PgBouncer's pool_mode; transaction unless told otherwise. */
  mode?: "session" | "transaction" | "statement";
  /** Server connections per database and user (default_pool_size). */
  poolSize?: number;
  /** The PostgreSQL server every database is passed to. */
  upstream?: { host: string; port: number };
}

export interface LocalPgBouncer {
  port: number;
  pid: number;
  mode: NonNullable<PgBouncerOptions["mode"]>;
  poolSize: number;
  /** The server's `postgres` database through PgBouncer. */
  url: string;
  /** `directUrl` (a database on the upstream server) with PgBouncer's host and port instead. */
  urlFor(directUrl: string): string;
  /** SHOW POOLS on PgBouncer's admin console: the row of one database. */
  pool(database: string): Promise<PoolRow | undefined>;
  /**
   * RECONNECT: closes each server connection of `database` once it is released, as PgBouncer does
   * when a server connection reaches server_lifetime (an hour by default). Client connections stay.
   */
  recycle(database: string): Promise<void>;
  /** What PgBouncer wrote to stderr (its log), for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

interface PoolRow {
  database: string;
  cl_active: string;
  cl_waiting: string;
  sv_active: string;
  sv_idle: string;
  sv_used: string;
  maxwait: string;
  pool_mode: string;
}

function writeConfig(dir: string, port: number, options: Required<PgBouncerOptions>): string {
  const file = path.join(dir, "pgbouncer.ini");
  writeFileSync(path.join(dir, "userlist.txt"), '"postgres" ""\n');
  const lines = [
    "[databases]",
    // The fallback entry: any database name the client asks for, on the upstream server.
    `* = host=${options.upstream.host} port=${options.upstream.port}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(dir, "userlist.txt")}`,
    `pool_mode = ${options.mode}`,
    `default_pool_size = ${options.poolSize}`,
    "max_client_conn = 500",
    "admin_users = postgres",
    // PgBouncer refuses to run as root; started as root, it switches to this user after reading
    // its files (so they must be readable by it).
    ...(process.getuid?.() === 0 ? ["user = postgres"] : []),
    "",
  ];
  writeFileSync(file, lines.join("\n"));
  return file;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${log()}`);
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer not ready in 10 s: ${error}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function viaBouncer(directUrl: string, port: number): string {
  const url = new URL(directUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

async function admin<T extends object>(port: number, command: string): Promise<T[]> {
  const client = new Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/pgbouncer` });
  await client.connect();
  try {
    // The admin console speaks the simple protocol only: a query without parameters.
    return (await client.query<T>(command)).rows;
  } finally {
    await client.end();
  }
}

const identifier = (name: string) => {
  if (!/^\w+$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return name;
};

export async function startPgBouncer(options: PgBouncerOptions = {}): Promise<LocalPgBouncer> {
  const settings: Required<PgBouncerOptions> = {
    mode: options.mode ?? "transaction",
    poolSize: options.poolSize ?? 5,
    upstream: options.upstream ?? { host: "127.0.0.1", port: 5432 },
  };
  if (!existsSync(PGBOUNCER_BINARY)) {
    throw new Error(`${PGBOUNCER_BINARY} not found: apt-get install pgbouncer (or set PGBOUNCER_BINARY)`);
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pgbouncer-"));
  chmodSync(dir, 0o755);
  const config = writeConfig(dir, port, settings);
  // In the foreground (no -d): its pid is the child's, and its log goes to stderr.
  const child = spawn(PGBOUNCER_BINARY, [config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.once("exit", kill);
  const bouncer: LocalPgBouncer = {
    port,
    pid: child.pid as number,
    mode: settings.mode,
    poolSize: settings.poolSize,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    urlFor: (directUrl) => viaBouncer(directUrl, port),
    pool: async (database) =>
      (await admin<PoolRow>(port, "SHOW POOLS")).find((row) => row.database === database),
    recycle: async (database) => {
      await admin(port, `RECONNECT ${identifier(database)}`);
    },
    log: () => stderr,
    async stop() {
      process.removeListener("exit", kill);
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: PgBouncer's immediate shutdown (SIGINT would wait for every client to leave).
        await new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitReady(bouncer.url, child, bouncer.log);
  } catch (error) {
    await bouncer.stop();
    throw error;
  }
  return bouncer;
}
