// BENCH_PGBOUNCER=1 for bench:orders and bench:admin: beside the app on PostgreSQL directly, the same
// app (same secrets, same database) twice more: once direct with DATABASE_POOLER=pgbouncer (its
// hand-written statements unnamed, so parsed on every call: what the setting costs by itself), and
// once through a real PgBouncer in transaction mode (test/support/pgbouncer.ts) with the setting: what
// the extra hop costs on top. Also the CPU PostgreSQL's backends and PgBouncer spend per request,
// since unnamed statements cost PostgreSQL the parse and plan, not the app.
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { type LocalPgBouncer, startPgBouncer } from "../../test/support/pgbouncer";
import { freePort } from "../../test/support/ports";
import { cpuSecondsOf, type NextAppOptions, startNextApp, stopProcess } from "./processes";

export const withPgBouncer = Boolean(process.env.BENCH_PGBOUNCER);
/** PgBouncer's server connections: the app's own pool size (10) unless told otherwise. */
const POOL_SIZE = Number(process.env.BENCH_PGBOUNCER_POOL ?? 10);

interface PooledApp {
  label: string;
  url: string;
  child: ChildProcess;
}

export interface PooledApps {
  bouncer: LocalPgBouncer;
  /** Direct with unnamed statements, then through PgBouncer. */
  apps: [PooledApp, PooledApp];
  stop(): Promise<void>;
}

export async function startPooledApps(
  appEnv: NodeJS.ProcessEnv,
  databaseUrl: string,
  options: NextAppOptions = {},
): Promise<PooledApps> {
  const bouncer = await startPgBouncer({ mode: "transaction", poolSize: POOL_SIZE });
  const started: PooledApp[] = [];
  const start = async (label: string, env: Record<string, string>) => {
    const port = await freePort();
    const child = await startNextApp(port, { ...appEnv, ...env, PORT: String(port) }, options);
    started.push({ label, url: `http://127.0.0.1:${port}`, child });
  };
  const stop = async () => {
    await Promise.all(started.map((app) => stopProcess(app.child)));
    await bouncer.stop();
  };
  try {
    await start("direct, statements unnamed", { DATABASE_POOLER: "pgbouncer" });
    await start(`PgBouncer (transaction, ${POOL_SIZE} conns)`, {
      DATABASE_URL: bouncer.urlFor(databaseUrl),
      DATABASE_POOLER: "pgbouncer",
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { bouncer, apps: started as [PooledApp, PooledApp], stop };
}

/**
 * Watches the CPU of every PostgreSQL backend connected to the database, polling pg_stat_activity:
 * the app's pg pools close connections idle for 10 s, and a backend gone is gone from /proc, so
 * each one's last reading is kept (an idle connection's reading no longer changes before it goes).
 */
async function watchBackends(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const poll = async (initial: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      const cpu = cpuSecondsOf(pid);
      if (Number.isNaN(cpu)) continue;
      // A backend first seen after the start counts from zero: all of its CPU was spent in the run.
      if (!first.has(pid)) first.set(pid, initial ? cpu : 0);
      last.set(pid, cpu);
    }
  };
  await poll(true);
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(() => poll(false)).catch(() => {});
  }, 250);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await polling;
      await poll(false);
      await client.end();
      let total = 0;
      for (const [pid, cpu] of last) total += cpu - (first.get(pid) ?? 0);
      return total;
    },
  };
}

export interface SideCosts {
  /** CPU ms of the database's PostgreSQL backends per request. */
  postgresMs: number;
  /** CPU ms of PgBouncer per request (0 when not through it). */
  pgbouncerMs: number;
}

/**
 * Runs `run` (which sends `requests`, or as many as it says in its result) and says what
 * PostgreSQL's backends for the database and PgBouncer spent meanwhile.
 */
export async function withSideCosts<T>(
  databaseUrl: string,
  bouncer: LocalPgBouncer | undefined,
  requests: number | ((result: T) => number),
  run: () => Promise<T>,
): Promise<{ result: T; costs: SideCosts }> {
  const backends = await watchBackends(databaseUrl);
  const bouncerBefore = bouncer ? cpuSecondsOf(bouncer.pid) : 0;
  const result = await run();
  const bouncerAfter = bouncer ? cpuSecondsOf(bouncer.pid) : 0;
  const postgres = await backends.stop();
  const sent = typeof requests === "number" ? requests : requests(result);
  return {
    result,
    costs: {
      postgresMs: (postgres * 1000) / sent,
      pgbouncerMs: ((bouncerAfter - bouncerBefore) * 1000) / sent,
    },
  };
}

export function formatSideCosts(costs: SideCosts): string {
  return `    PostgreSQL ${costs.postgresMs.toFixed(2)} ms/req, PgBouncer ${costs.pgbouncerMs.toFixed(2)} ms/req (CPU)`;
}
