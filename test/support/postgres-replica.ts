// A real PostgreSQL streaming replica of the local test server, for tests and benches that need a
// second database host: `pg_basebackup -R -X stream` of the primary into a temporary data directory,
// then a standby server started on a free port with the primary's own binaries. Only that server is
// ever stopped (by `pg_ctl stop` on its own data directory, which signals the pid it wrote).
//
//   const db = await createTestDatabase();            // first: the backup copies the whole cluster
//   const replica = await startStreamingReplica();    // the database is on the replica from now on
//   const readModel = createPrismaClient(replica.urlOf(db.name));
//   ...
//   await replica.stop();
//
// A base backup copies every database of the server as it is at that moment, so create the test's
// databases before calling this (once per test file); databases created later reach the replica
// too, through the WAL. The primary must allow replication connections from 127.0.0.1: when its
// pg_hba.conf has no such rule, one (trust, as for every local connection here) is appended and the
// configuration reloaded, which needs the superuser and write access to that file (root on CI).
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { withDatabase } from "@/lib/platform/db/ensure-database";
import { TEST_SERVER_URL } from "./database";
import { freePort } from "./ports";
import { waitUntil } from "./wait";

const run = promisify(execFile);

export interface StreamingReplica {
  /** The replica's `postgres` database (read only, as every database on it). */
  url: string;
  port: number;
  /** The same database name on the replica. */
  urlOf(database: string): string;
  /** Stops applying WAL (it is still received): the replica's data stays as it is now. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Resolves once the replica has applied everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the server (immediate shutdown) and removes its data directory. */
  stop(): Promise<void>;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The settings a hot standby must have at least as high as its primary (or it refuses to start). */
const MIRRORED_SETTINGS = [
  "max_connections",
  "max_worker_processes",
  "max_wal_senders",
  "max_prepared_transactions",
  "max_locks_per_transaction",
];

interface PrimaryFacts {
  binDir: string;
  settings: Record<string, string>;
}

async function primaryFacts(primaryUrl: string): Promise<PrimaryFacts> {
  const rows = await query<{ name: string; setting: string }>(
    primaryUrl,
    `SELECT name, setting FROM pg_settings WHERE name IN ('wal_level', 'server_version_num', ${MIRRORED_SETTINGS.map((name) => `'${name}'`).join(", ")})`,
  );
  const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  if (settings.wal_level === "minimal") {
    throw new Error(
      "streaming replica: the primary runs with wal_level=minimal; set it to replica and restart",
    );
  }
  if (settings.max_wal_senders === "0") {
    throw new Error("streaming replica: the primary has max_wal_senders=0; raise it and restart");
  }
  const major = Math.floor(Number(settings.server_version_num) / 10_000);
  // Debian keeps each major version's server binaries apart; elsewhere they are on the PATH.
  const debian = `/usr/lib/postgresql/${major}/bin`;
  return { binDir: existsSync(debian) ? debian : "", settings };
}

/** Adds a trust rule for replication from 127.0.0.1 to the primary's pg_hba.conf, unless one exists. */
async function allowReplication(primaryUrl: string): Promise<void> {
  const [rule] = await query<{ n: number }>(
    primaryUrl,
    `SELECT count(*)::int AS n FROM pg_hba_file_rules
      WHERE 'replication' = ANY(database) AND (address IS NULL OR address = '127.0.0.1' OR address = 'all')
        AND error IS NULL`,
  );
  if ((rule?.n ?? 0) > 0) return;
  const [file] = await query<{ hba_file: string }>(primaryUrl, "SHOW hba_file");
  await appendFile(
    file?.hba_file as string,
    "\n# Added by the test suite (test/support/postgres-replica.ts): streaming replicas on this machine.\nhost replication all 127.0.0.1/32 trust\n",
  );
  await query(primaryUrl, "SELECT pg_reload_conf()");
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (userInfo().uid !== 0) return [command, args];
  return ["runuser", ["-u", "postgres", "--", command, ...args]];
}

async function runServerCommand(binDir: string, command: string, args: string[]): Promise<void> {
  const [file, fileArgs] = asServerUser(binDir ? path.join(binDir, command) : command, args);
  await run(file, fileArgs, { timeout: 120_000 });
}

function newDataDirectory(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pg-replica-"));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/** The standby's own configuration (a Debian data directory holds none: it lives under /etc). */
function writeStandbyConfig(dir: string, port: number, settings: Record<string, string>): void {
  const mirrored = MIRRORED_SETTINGS.map((name) => `${name} = ${settings[name]}`);
  const lines = [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    "unix_socket_directories = '/tmp'",
    "hot_standby = on",
    "shared_buffers = 32MB",
    "fsync = off",
    ...mirrored,
  ];
  const owner = (file: string) => {
    if (userInfo().uid === 0) execFileSync("chown", ["postgres:postgres", file]);
  };
  writeFileSync(path.join(dir, "postgresql.conf"), `${lines.join("\n")}\n`);
  writeFileSync(path.join(dir, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  owner(path.join(dir, "postgresql.conf"));
  owner(path.join(dir, "pg_hba.conf"));
}

/** The primary's current WAL position, then waits until the replica has replayed up to it. */
async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs: number): Promise<void> {
  const [row] = await query<{ lsn: string }>(primaryUrl, "SELECT pg_current_wal_lsn()::text AS lsn");
  const target = row?.lsn as string;
  await waitUntil(
    async () => {
      const [replayed] = await query<{ done: boolean }>(
        replicaUrl,
        `SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn AS done`,
      );
      return replayed?.done === true;
    },
    { timeoutMs, what: `the replica to replay up to ${target}`, intervalMs: 50 },
  );
}

export async function startStreamingReplica(
  options: { primaryUrl?: string } = {},
): Promise<StreamingReplica> {
  const primaryUrl = options.primaryUrl ?? TEST_SERVER_URL;
  const primary = new URL(primaryUrl);
  const facts = await primaryFacts(primaryUrl);
  await allowReplication(primaryUrl);
  const dir = newDataDirectory();
  const port = await freePort();
  const pgCtl = (...args: string[]) => runServerCommand(facts.binDir, "pg_ctl", ["-D", dir, ...args]);
  try {
    await runServerCommand(facts.binDir, "pg_basebackup", [
      ...["-h", primary.hostname, "-p", primary.port || "5432", "-U", primary.username || "postgres"],
      ...["-D", dir, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"],
    ]);
    writeStandbyConfig(dir, port, facts.settings);
    await pgCtl("-l", path.join(dir, "server.log"), "-w", "-t", "60", "start");
  } catch (error) {
    await pgCtl("-m", "immediate", "stop").catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  // A test process that dies without stop() would leave the server running: stop it on exit.
  const stopOnExit = () => {
    const [file, args] = asServerUser(facts.binDir ? path.join(facts.binDir, "pg_ctl") : "pg_ctl", [
      "-D",
      dir,
      "-m",
      "immediate",
      "stop",
    ]);
    try {
      execFileSync(file, args, { stdio: "ignore" });
    } catch {}
  };
  process.once("exit", stopOnExit);
  const replica: StreamingReplica = {
    url,
    port,
    urlOf: (database) => withDatabase(url, database),
    pause: async () => void (await query(url, "SELECT pg_wal_replay_pause()")),
    resume: async () => void (await query(url, "SELECT pg_wal_replay_resume()")),
    caughtUp: (timeoutMs = 30_000) => waitForReplay(primaryUrl, url, timeoutMs),
    async stop() {
      process.removeListener("exit", stopOnExit);
      await pgCtl("-m", "immediate", "-w", "stop").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await replica.caughtUp(60_000);
  return replica;
}
