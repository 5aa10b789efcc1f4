// Reachability of what the app depends on, with latencies, for `GET /api/health` and operators.
// Each probe has its own short timeout and they run in parallel: a dead dependency makes the answer
// "degraded" quickly instead of hanging the health check.

/** A dependency's condition when "answers or not" says too little (the wallet's: does it accept us). */
export const DEPENDENCY_STATES = ["ok", "misconfigured", "unreachable"] as const;
export type DependencyState = (typeof DEPENDENCY_STATES)[number];

function isDependencyState(value: unknown): value is DependencyState {
  return (DEPENDENCY_STATES as readonly unknown[]).includes(value);
}

export interface ProbeResult {
  ok: boolean;
  latencyMs: number;
  state?: DependencyState;
  error?: string;
  detail?: Record<string, unknown>;
}

/** A probe that got an answer and judged it bad: its state and detail are reported with the error. */
export class ProbeFailure extends Error {
  constructor(
    message: string,
    readonly state: DependencyState,
    readonly detail: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface HealthReport {
  status: "ok" | "degraded";
  checkedAt: string;
  checks: Record<string, ProbeResult>;
}

export type Probe = () => Promise<Record<string, unknown> | undefined>;

async function runProbe(probe: Probe, timeoutMs: number): Promise<ProbeResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    const state = isDependencyState(detail?.state) ? { state: detail.state } : {};
    return { ok: true, latencyMs: elapsed(started), ...state, ...(detail ? { detail } : {}) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: elapsed(started),
      ...(error instanceof ProbeFailure ? { state: error.state, detail: error.detail } : {}),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

/**
 * Runs every probe in parallel. The report is "ok" when the `required` probes pass (all of them by
 * default); the others are reported without deciding the status.
 */
export async function checkHealth(
  probes: Record<string, Probe>,
  timeoutMs = 2_000,
  required: readonly string[] = Object.keys(probes),
): Promise<HealthReport> {
  const names = Object.keys(probes);
  const results = await Promise.all(names.map((name) => runProbe(probes[name] as Probe, timeoutMs)));
  const checks = Object.fromEntries(names.map((name, index) => [name, results[index] as ProbeResult]));
  return {
    status: required.every((name) => checks[name]?.ok) ? "ok" : "degraded",
    checkedAt: new Date().toISOString(),
    checks,
  };
}
