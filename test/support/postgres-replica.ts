// A real PostgreSQL streaming replica for tests and benches that need a second database host:
// `pg_basebackup -R -X stream` of a primary into a temporary data directory, then a hot standby
// started on a free port with the primary's own binaries (PostgreSQL 15 from Debian here).
//
//   const replica = await startStreamingReplica();          // a private primary and its replica
//   const db = await createTestDatabase({ serverUrl: replica.primaryUrl });
//   const readModel = createPrismaClient(replica.urlOf(db.name));   // read only, a moment behind
//   ...
//   await replica.stop();                                   // both servers, both directories
//
// By default the primary is a private server of its own (initdb into another temporary directory,
// wal_level=replica, trust for 127.0.0.1 and replication): a base backup copies every database of
// its primary, and the shared test server holds every other test's databases and the benches' (some
// gigabytes), written to all the while. Databases created on the primary after the backup reach the
// replica through the WAL, so create them after startStreamingReplica() returns.
//
// `{ primaryUrl }` replicates a server that runs already instead (not stopped by stop()): it must run
// with wal_level=replica and max_wal_senders > 0; when its pg_hba.conf allows no replication from
// 127.0.0.1, a trust rule is appended and the configuration reloaded (superuser, and write access to
// that file: root on CI).
//
// As root, the servers run as the `postgres` user (PostgreSQL refuses root). Only these servers are
// ever stopped, by `pg_ctl stop` on their own data directories (which signals the pid they wrote).
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { withDatabase } from "@/lib/platform/db/ensure-database";
import { freePort } from "./ports";
import { waitUntil } from "./wait";

const run = promisify(execFile);

export interface StreamingReplica {
  /** The replica's `postgres` database (read only, as every database on it). */
  url: string;
  port: number;
  /** The primary's `postgres` database: create test databases here (createTestDatabase's serverUrl). */
  primaryUrl: string;
  /** A database of the primary, as the replica serves it. */
  urlOf(database: string): string;
  /** Stops applying WAL (it is still received): the replica's data stays as it is now. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Resolves once the replica has applied everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the replica (and the private primary), and removes their data directories. */
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

const asRoot = () => userInfo().uid === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return asRoot() ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

/** Debian keeps each major version's server binaries apart; elsewhere they are on the PATH. */
function binary(major: number, name: string): string {
  const debian = `/usr/lib/postgresql/${major}/bin`;
  return existsSync(debian) ? path.join(debian, name) : name;
}

async function runAsServer(file: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asServerUser(file, args);
  await run(command, commandArgs, { timeout: 180_000 });
}

function ownedByServer(file: string): void {
  if (!asRoot()) return;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  chownSync(file, id("-u"), id("-g"));
}

function newDataDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  ownedByServer(dir);
  return dir;
}

/** A Debian data directory holds no configuration (it lives under /etc): each server gets its own. */
function writeConfig(dir: string, lines: string[]): void {
  for (const [name, text] of [
    ["postgresql.conf", lines.join("\n")],
    [
      "pg_hba.conf",
      "local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust",
    ],
  ] as const) {
    writeFileSync(path.join(dir, name), `${text}\n`);
    ownedByServer(path.join(dir, name));
  }
}

const BASE_CONFIG = (port: number) => [
  "listen_addresses = '127.0.0.1'",
  `port = ${port}`,
  "unix_socket_directories = '/tmp'",
  "shared_buffers = 32MB",
  // Throwaway servers: durability buys nothing here.
  "fsync = off",
  "synchronous_commit = off",
  "full_page_writes = off",
];

/** A server on its own data directory; `stop` ends it (immediate) and removes the directory. */
interface Server {
  url: string;
  port: number;
  major: number;
  stop(): Promise<void>;
}

/** Starts the server in `dir` and returns how to stop it, also when this process exits first. */
async function startServer(dir: string, port: number, major: number): Promise<Server> {
  const pgCtl = binary(major, "pg_ctl");
  const stopArgs = ["-D", dir, "-m", "immediate", "-w", "stop"];
  const stopOnExit = () => {
    const [command, args] = asServerUser(pgCtl, stopArgs);
    try {
      execFileSync(command, args, { stdio: "ignore" });
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  const stop = async () => {
    process.removeListener("exit", stopOnExit);
    await runAsServer(pgCtl, stopArgs).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopOnExit);
  try {
    await runAsServer(pgCtl, ["-D", dir, "-l", path.join(dir, "server.log"), "-w", "-t", "120", "start"]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, port, major, stop };
}

/** The newest PostgreSQL installed the Debian way; 0 elsewhere (the binaries are then on the PATH). */
function installedMajor(): number {
  if (!existsSync("/usr/lib/postgresql")) return 0;
  const versions = readdirSync("/usr/lib/postgresql").map(Number).filter(Number.isFinite);
  return Math.max(0, ...versions);
}

/** A fresh primary of its own: initdb, trust on 127.0.0.1, replication allowed. */
async function startPrivatePrimary(config: string[]): Promise<Server> {
  const major = installedMajor();
  const dir = newDataDirectory("pg-primary-");
  try {
    await runAsServer(binary(major, "initdb"), [
      "-D",
      dir,
      "-U",
      "postgres",
      "--auth=trust",
      "--no-sync",
      "-E",
      "UTF8",
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  writeConfig(dir, [
    ...BASE_CONFIG(port),
    "wal_level = replica",
    "max_wal_senders = 4",
    "wal_keep_size = 256MB",
    ...config,
  ]);
  return startServer(dir, port, major);
}

interface PrimaryFacts {
  major: number;
  settings: Record<string, string>;
}

async function primaryFacts(primaryUrl: string): Promise<PrimaryFacts> {
  const names = ["wal_level", "server_version_num", ...MIRRORED_SETTINGS].map((name) => `'${name}'`);
  const rows = await query<{ name: string; setting: string }>(
    primaryUrl,
    `SELECT name, setting FROM pg_settings WHERE name IN (${names.join(", ")})`,
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
  return { major: Math.floor(Number(settings.server_version_num) / 10_000), settings };
}

/** Adds a trust rule for replication from 127.0.0.1 to the primary's pg_hba.conf, unless one exists. */
async function allowReplication(primaryUrl: string): Promise<void> {
  const [rule] = await query<{ n: number }>(
    primaryUrl,
    `SELECT count(*)::int AS n FROM pg_hba_file_rules
      WHERE 'replication' = ANY(database) AND error IS NULL
        AND (type = 'local' OR address IS NULL OR address IN ('127.0.0.1', 'all', 'samehost'))`,
  );
  if ((rule?.n ?? 0) > 0) return;
  const [file] = await query<{ hba_file: string }>(primaryUrl, "SHOW hba_file");
  await appendFile(
    file?.hba_file as string,
    "\n# Added by the test suite (test/support/postgres-replica.ts): streaming replicas on this machine.\nhost replication all 127.0.0.1/32 trust\n",
  );
  await query(primaryUrl, "SELECT pg_reload_conf()");
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

/** Base-backs-up the primary at `primaryUrl` into a new directory and starts it as a hot standby. */
async function startStandby(primaryUrl: string, config: string[]): Promise<Server> {
  const facts = await primaryFacts(primaryUrl);
  await allowReplication(primaryUrl);
  const primary = new URL(primaryUrl);
  const dir = newDataDirectory("pg-replica-");
  try {
    await runAsServer(binary(facts.major, "pg_basebackup"), [
      ...["-h", primary.hostname, "-p", primary.port || "5432", "-U", primary.username || "postgres"],
      ...["-D", dir, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"],
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const mirrored = MIRRORED_SETTINGS.map((name) => `${name} = ${facts.settings[name]}`);
  writeConfig(dir, [...BASE_CONFIG(port), "hot_standby = on", ...mirrored, ...config]);
  return startServer(dir, port, facts.major);
}

export async function startStreamingReplica(
  /** `config`: lines added to the configuration of the servers started here (a bench's memory). */
  options: { primaryUrl?: string; config?: string[] } = {},
): Promise<StreamingReplica> {
  const config = options.config ?? [];
  const ownPrimary = options.primaryUrl ? undefined : await startPrivatePrimary(config);
  const primaryUrl = options.primaryUrl ?? (ownPrimary as Server).url;
  let standby: Server | undefined;
  const stop = async () => {
    await standby?.stop();
    await ownPrimary?.stop();
  };
  try {
    standby = await startStandby(primaryUrl, config);
    await waitForReplay(primaryUrl, standby.url, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = standby.url;
  return {
    url,
    port: standby.port,
    primaryUrl,
    urlOf: (database) => withDatabase(url, database),
    pause: async () => void (await query(url, "SELECT pg_wal_replay_pause()")),
    resume: async () => void (await query(url, "SELECT pg_wal_replay_resume()")),
    caughtUp: (timeoutMs = 30_000) => waitForReplay(primaryUrl, url, timeoutMs),
    stop,
  };
}
