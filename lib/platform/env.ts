// The one place upstream code reads process.env (a fork's hooks read theirs in hooks/settings.ts).
// Everything is validated with zod when first asked for (at process start: see instrumentation.ts,
// workers/main.ts, scripts/*), and a bad or missing variable fails with its name. Locally nothing
// needs to be set: defaults target this machine's PostgreSQL, Redis and the bundled sandbox, and
// secrets are generated into LOCAL_DIR (see local-secrets.ts). In production nothing is generated:
// every secret must be given.

import type { KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { loadPrivateKey, loadPublicKey } from "@/lib/wallet/signature";
import { ensureLocalSecrets } from "./config/local-secrets";
import { type RedisTopology, redisTopologyOf } from "./config/redis-topology";
import { type DatabasePooler, poolerOf } from "./db/pooler";
import { parseNetworks } from "./outbound/outbound-policy";

const port = z.coerce.number().int().min(0).max(65_535);
/**
 * An on/off setting, one spelling for all of them: true/1 or false/0; empty or absent is "not set",
 * undefined here, so each setting states its own default where it is used.
 */
const onOff = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) =>
    value === undefined || value === "" ? undefined : value === "true" || value === "1",
  );
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined));

/** A BullMQ prefix: plain, or with one hash tag for Redis Cluster (`{bull}`, `shop-{bull}`). */
const QUEUE_PREFIX_PATTERN = /^[\w.-]*(\{[\w.-]+\})?[\w.-]*$/;

function areNetworks(list: string): boolean {
  try {
    parseNetworks(list);
    return true;
  } catch {
    return false;
  }
}

const rawSchema = z.object({
  // Empty counts as unset, as for every variable here (`NODE_ENV= npm run …` is a common way to clear it).
  NODE_ENV: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["development", "production", "test"]).default("development"),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PORT: port.default(3000),
  // Where `npm run dev` and `npm start` listen: this machine only, unless told otherwise (0.0.0.0
  // makes the console, and its first admin, reachable from every network the machine is on).
  HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:[\]-]+$/, "a host name or IP address")
      .optional(),
  ),
  PUBLIC_BASE_URL: optionalText.pipe(z.url().optional()),
  DATABASE_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/merchant"),
  // What DATABASE_URL goes through (db/pooler.ts): `pgbouncer` for PgBouncer in transaction mode.
  // Unset: `pgbouncer=true` in the URL says so. Migrations then need DATABASE_DIRECT_URL.
  DATABASE_POOLER: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["none", "pgbouncer"]).optional(),
  ),
  DATABASE_DIRECT_URL: optionalText,
  // A streaming replica of DATABASE_URL for the console's lists, search, exports, dashboard and the
  // metrics' counts (lib/platform/db/read-model.ts); unset: they read DATABASE_URL like everything else.
  DATABASE_REPLICA_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: "a postgresql:// URL" }).optional(),
  ),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  // A Redis Cluster's seed nodes (host:port, comma-separated), or the sentinels watching a primary
  // and the primary's name: see config/redis-topology.ts. Unset: REDIS_URL is one server.
  REDIS_CLUSTER_NODES: optionalText,
  REDIS_SENTINELS: optionalText,
  REDIS_SENTINEL_NAME: optionalText,
  SANDBOX_PORT: port.default(4010),
  // The reference mini program's port under `npm run dev` (miniapp/).
  MINIAPP_PORT: port.default(5173),
  // Origins the mini program's API (/api/mini/*) answers with CORS, comma-separated: where the wallet
  // hosts the H5 mini program. Locally: the reference mini program and its address in the container.
  MINI_PROGRAM_ORIGINS: optionalText,
  // Where the wallet lives. Unset in development means the bundled sandbox.
  WALLET_BASE_URL: optionalText.pipe(z.url().optional()),
  WALLET_CLIENT_ID: optionalText,
  WALLET_KEY_VERSION: z.string().regex(/^\w+$/).default("1"),
  MERCHANT_PRIVATE_KEY: optionalText,
  MERCHANT_PRIVATE_KEY_FILE: optionalText,
  WALLET_PUBLIC_KEY: optionalText,
  WALLET_PUBLIC_KEY_FILE: optionalText,
  // Some gateways of this family expect the Signature value URL-encoded.
  WALLET_URL_ENCODE_SIGNATURE: onOff,
  // The wallet does not document the contract-preparation path; this default is ours
  // (docs/wallet-interface.md, prepare).
  WALLET_PREPARE_PATH: z.string().startsWith("/").default("/v1/authorizations/prepare"),
  // The product code CASHIER orders are paid under: the online-purchase product your contract with
  // the wallet names, plain cashier or auth capture (docs/going-live.md, "Product codes").
  WALLET_CASHIER_PRODUCT: z.enum(["CASHIER", "AUTH_CAPTURE"]).default("CASHIER"),
  WALLET_TIMEOUT_PAY_MS: z.coerce.number().int().positive().default(8_000),
  WALLET_TIMEOUT_INQUIRY_MS: z.coerce.number().int().positive().default(5_000),
  WALLET_TIMEOUT_DEFAULT_MS: z.coerce.number().int().positive().default(8_000),
  TOKEN_ENCRYPTION_KEY: optionalText,
  SESSION_SECRET: optionalText,
  NEXTAUTH_SECRET: optionalText,
  // An operator's console session lasts a working day from sign-in, and ends sooner when idle.
  OPERATOR_SESSION_HOURS: z.coerce.number().positive().max(24).default(8),
  OPERATOR_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  // Ignored folder for generated local keys and secrets.
  LOCAL_DIR: z.string().default(".local"),
  // BullMQ key prefix shared by the app (producer) and the workers; lets two deployments share a Redis.
  // On Redis Cluster it must be a hash tag, e.g. `{bull}`, so each queue's keys share one slot.
  QUEUE_PREFIX: z
    .string()
    .min(1)
    .regex(QUEUE_PREFIX_PATTERN, "letters, digits, _ . - and at most one {hash tag}, e.g. bull or {bull}")
    .default("bull"),
  // Background workers (workers/main.ts). WORKERS picks the queues this process serves (comma list).
  WORKERS: optionalText,
  WORKER_CONCURRENCY: z.coerce.number().int().positive().max(256).default(8),
  // How often the scans (token refresh, reconcile, expiry, notifications) run.
  WORKER_SCAN_EVERY_SECONDS: z.coerce.number().positive().default(60),
  // A job whose worker died is retried after this long without a lock renewal.
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().positive().default(30_000),
  // Spec, Limits: inquiryRefund no more than once every 5 s, for up to 1 minute.
  REFUND_POLL_INTERVAL_SECONDS: z.coerce.number().min(5).default(5),
  REFUND_POLL_WINDOW_SECONDS: z.coerce.number().positive().max(60).default(60),
  // Unsettled payments and refunds are flagged for an operator after this long (still never guessed).
  RECONCILE_FLAG_AFTER_HOURS: z.coerce.number().positive().default(24),
  // Access tokens are refreshed this long before they expire.
  TOKEN_REFRESH_AHEAD_SECONDS: z.coerce.number().int().positive().default(300),
  // A hook or webhook delivery taking longer has failed (and is tried again); a worker that died
  // mid-delivery lets go of it after three times this.
  HOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  // `payment.unknown` (docs/events.md) is announced for a payment still unknown after this long.
  PAYMENT_UNKNOWN_ALERT_MINUTES: z.coerce.number().positive().default(15),
  // Subscribers are reminded by push this many days before each charge (docs/subscriptions.md); 0: never.
  SUBSCRIPTION_REMINDER_DAYS: z.coerce.number().min(0).max(30).default(3),
  // Alerts (lib/events/alerts): e-mail goes through this SMTP server (smtp://user:pass@host:587, smtps://…).
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  ALERT_MAIL_FROM: z.string().min(3).default("Merchant alerts <alerts@localhost>"),
  // Yesterday's summary goes out once Baghdad's clock passes this hour.
  ALERT_DAILY_SUMMARY_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  // npm run dev's local mail catcher, whose messages the console shows (never set in production).
  MAIL_CATCHER_URL: optionalText.pipe(z.url().optional()),
  // Webhooks and alert chat messages go to public addresses only. A shop whose receivers live on its
  // own network names that network here (CIDR list, e.g. 10.20.0.0/16,fd00:20::/64); off by default.
  OUTBOUND_ALLOWED_NETWORKS: optionalText.refine(
    (value) => value === undefined || areNetworks(value),
    "must be a comma-separated list of networks in CIDR form (10.20.0.0/16,fd00:20::/64)",
  ),
  // Proxies in front of the app that append to (or set) X-Forwarded-For: the client's address is that
  // many entries left of the connection's own (lib/platform/addresses/client-address.ts). 1 in production, else 0.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  // Health answers name errors, the wallet's address and queue backlogs only when this is on
  // (default: on outside production). Operators see them in the admin pages either way.
  HEALTH_DETAILS: onOff,
  // Circuit breaker in front of the wallet: calls in a row without any answer that open it (0: no
  // breaker), and how long it stays open before one trial call (lib/wallet/circuit-breaker.ts).
  WALLET_BREAKER_FAILURES: z.coerce.number().int().min(0).default(5),
  WALLET_BREAKER_HALF_OPEN_AFTER_MS: z.coerce.number().int().positive().default(15_000),
  // Prometheus metrics. Off: nothing is recorded and GET /api/metrics is 404.
  METRICS_ENABLED: onOff,
  // Bearer token for GET /api/metrics. In production the route answers only when it is set.
  METRICS_TOKEN: optionalText,
  // A worker process serves its own metrics (wallet calls, jobs, breaker) on this port when set.
  WORKER_METRICS_PORT: optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(1).max(65_535).optional()),
  // OpenTelemetry tracing, off unless OTEL_ENABLED; the SDK reads the standard OTEL_* variables
  // (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_TRACES_EXPORTER, ...) itself.
  // Every this many seconds the process logs its memory (process.memoryUsage(): rss, heap, external,
  // array buffers) as one `memory` line, whatever LOG_LEVEL says. Off unless set (`npm run soak` sets it).
  MEMORY_LOG_SECONDS: z.coerce.number().positive().optional(),
  OTEL_ENABLED: onOff,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
  OTEL_SERVICE_NAME: optionalText,
  // Retention: wallet-call bodies older than this are emptied (rows are kept), and notifications go
  // after this, a month at a time (a month with a notification not yet applied stays) …
  RETENTION_BODY_DAYS: z.coerce.number().positive().default(180),
  // … and the hourly counts of unverifiable notifications are deleted after this.
  RETENTION_REJECTION_DAYS: z.coerce.number().positive().default(30),
  // Wallet-call rows themselves go after this, a month at a time (calls of unsettled orders stay).
  RETENTION_WALLET_CALL_DAYS: z.coerce.number().positive().default(400),
  // The outbox (events, deliveries, attempts) goes after this, a month at a time (a month with
  // anything pending, or a dead letter younger than this, stays).
  RETENTION_EVENT_DAYS: z.coerce.number().positive().default(400),
});

export interface Env {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  logLevel: string;
  port: number;
  /** The address `npm run dev` and `npm start` listen on. */
  host: string;
  publicBaseUrl: string;
  databaseUrl: string;
  /** What DATABASE_URL goes through: PgBouncer in transaction mode rules out named statements. */
  databasePooler: DatabasePooler;
  /** PostgreSQL itself (DATABASE_DIRECT_URL), for migrations; unset, DATABASE_URL is used. */
  databaseDirectUrl: string | undefined;
  /** The console's read model (lib/platform/db/read-model.ts); undefined: it reads databaseUrl. */
  databaseReplicaUrl: string | undefined;
  redisUrl: string;
  /** One server, a cluster or a Sentinel-managed primary: every connection follows it (redis.ts). */
  redis: RedisTopology;
  sandboxPort: number;
  miniProgram: {
    /** `npm run dev` serves the reference mini program here. */
    port: number;
    /** Origins answered with CORS on /api/mini/* (lib/http/cors.ts). */
    origins: string[];
  };
  wallet: {
    baseUrl: string;
    /** True when no wallet is configured and the bundled sandbox plays it. */
    usesSandbox: boolean;
    clientId: string;
    keyVersion: string;
    privateKey: KeyObject;
    /** Verifies answers and notifications; absent locally until the sandbox is registered. */
    publicKey: KeyObject | undefined;
    urlEncodeSignature: boolean;
    preparePath: string;
    /** The product code of CASHIER orders' `pay`. */
    cashierProductCode: string;
    timeoutsMs: { pay: number; inquiry: number; default: number };
  };
  tokenEncryptionKey: Buffer;
  sessionSecret: string;
  healthDetails: boolean;
  trustedProxyHops: number;
  /** 0 failures: no breaker. */
  walletBreaker: { failuresToOpen: number; halfOpenAfterMs: number };
  metrics: {
    enabled: boolean;
    /** Required by GET /api/metrics when set; in production the route is off without it. */
    token: string | undefined;
    workerPort: number | undefined;
  };
  tracing: { enabled: boolean; serviceName: string | undefined; endpoint: string | undefined };
  /** MEMORY_LOG_SECONDS in ms: how often the process logs its memory (lib/platform/observability/memory-report.ts). */
  memoryLogMs: number | undefined;
  retention: { bodyMs: number; rejectionMs: number; walletCallMs: number; eventMs: number };
  nextauthSecret: string;
  /** How long an operator's console session lives, and how long it may sit idle (lib/operators/sessions/operator-sessions.ts). */
  operatorSessions: { maxAgeMs: number; idleMs: number };
  localDir: string;
  queuePrefix: string;
  workers: {
    /** Queues this worker process serves; undefined = all. */
    queues: string[] | undefined;
    concurrency: number;
    scanEveryMs: number;
    lockDurationMs: number;
    refundPollIntervalMs: number;
    refundPollWindowMs: number;
    flagAfterMs: number;
    tokenRefreshAheadMs: number;
    paymentUnknownAfterMs: number;
    hookTimeoutMs: number;
    subscriptionReminderAheadMs: number;
  };
  alerts: {
    smtpUrl: string | undefined;
    mailFrom: string;
    dailySummaryHour: number;
    mailCatcherUrl: string | undefined;
  };
  /** Requests made on an operator's behalf (lib/platform/outbound): https only in production. */
  outbound: { httpsOnly: boolean; allowedNetworks: string };
}

export class EnvError extends Error {
  override readonly name = "EnvError";
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

type Source = Record<string, string | undefined>;

/** Minimum length of the session-signing secrets in production. */
const MIN_SECRET_BYTES = 32;
const MIN_METRICS_TOKEN_BYTES = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

function readKey<T>(
  problems: string[],
  name: string,
  inline: string | undefined,
  file: string | undefined,
  load: (pem: string) => T,
): T | undefined {
  if (inline && file) {
    problems.push(`${name} and ${name}_FILE are both set; keep one`);
    return undefined;
  }
  let pem = inline;
  const source = inline ? name : `${name}_FILE`;
  if (file) {
    try {
      pem = readFileSync(file, "utf8");
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${(error as Error).message})`);
      return undefined;
    }
  }
  if (!pem) return undefined;
  try {
    return load(pem);
  } catch (error) {
    problems.push(`${source}: not a usable RSA PEM key (${(error as Error).message})`);
    return undefined;
  }
}

function decodeEncryptionKey(problems: string[], value: string | undefined): Buffer {
  const key = value ? Buffer.from(value, "base64") : Buffer.alloc(0);
  if (value && key.length !== 32) problems.push("TOKEN_ENCRYPTION_KEY: must be 32 bytes, base64-encoded");
  return key;
}

type Raw = z.output<typeof rawSchema>;

/**
 * MINI_PROGRAM_ORIGINS as origins (scheme, host and port; no path, no `*`). Unset outside production:
 * the reference mini program of `npm run dev`, directly and as the wallet container serves it.
 */
function miniProgramOrigins(problems: string[], raw: Raw, isProduction: boolean): string[] {
  if (raw.MINI_PROGRAM_ORIGINS === undefined) {
    if (isProduction) return [];
    const port = raw.MINIAPP_PORT;
    return [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://app-${port}.localhost:${raw.SANDBOX_PORT}`,
    ];
  }
  const origins: string[] = [];
  for (const entry of raw.MINI_PROGRAM_ORIGINS.split(",")
    .map((value) => value.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const plainHost = url && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
    if (url && plainHost && /^https?:$/.test(url.protocol) && url.origin === entry.replace(/\/$/, "")) {
      origins.push(url.origin);
    } else problems.push(`MINI_PROGRAM_ORIGINS: "${entry}" is not an origin (https://host[:port], no path)`);
  }
  return origins;
}
type LocalSecrets = ReturnType<typeof ensureLocalSecrets>;

/**
 * Validates a variable map and returns the configuration, or throws an EnvError naming every problem.
 * Outside production it also generates what is missing for a local run (keys and secrets, into
 * LOCAL_DIR): so it writes files, once. Exported for tests.
 */
export function parseEnv(source: Source, options: { cwd?: string } = {}): Env {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  const problems = isProduction ? productionProblems(raw, source) : localProblems(raw);
  const localDir = path.resolve(options.cwd ?? process.cwd(), raw.LOCAL_DIR);
  const local = isProduction ? undefined : localSecretsIfNeeded(raw, localDir);
  const keys = readKeys(problems, raw, { isProduction, localDir, local });
  const tokenEncryptionKey = decodeEncryptionKey(
    problems,
    raw.TOKEN_ENCRYPTION_KEY ?? local?.tokenEncryptionKey,
  );
  const origins = miniProgramOrigins(problems, raw, isProduction);
  const redis = redisTopologyOf(raw, problems);
  if (problems.length > 0 || !keys.privateKey) {
    throw new EnvError(problems.length > 0 ? problems : ["MERCHANT_PRIVATE_KEY: missing"]);
  }
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    logLevel: raw.LOG_LEVEL,
    port: raw.PORT,
    host: raw.HOST ?? "127.0.0.1",
    publicBaseUrl: raw.PUBLIC_BASE_URL ?? `http://127.0.0.1:${raw.PORT}`,
    databaseUrl: raw.DATABASE_URL,
    databasePooler: poolerOf(raw.DATABASE_URL, raw.DATABASE_POOLER),
    databaseDirectUrl: raw.DATABASE_DIRECT_URL,
    databaseReplicaUrl: raw.DATABASE_REPLICA_URL,
    redisUrl: raw.REDIS_URL,
    redis,
    sandboxPort: raw.SANDBOX_PORT,
    miniProgram: { port: raw.MINIAPP_PORT, origins },
    wallet: walletSettings(raw, { privateKey: keys.privateKey, publicKey: keys.publicKey }, local),
    tokenEncryptionKey,
    sessionSecret: raw.SESSION_SECRET ?? (local?.sessionSecret as string),
    nextauthSecret: raw.NEXTAUTH_SECRET ?? (local?.nextauthSecret as string),
    operatorSessions: {
      maxAgeMs: Math.round(raw.OPERATOR_SESSION_HOURS * 3600 * 1000),
      idleMs: Math.round(raw.OPERATOR_IDLE_MINUTES * 60 * 1000),
    },
    // Production runs behind a proxy (compose.production.yml); `npm run dev` is reached directly.
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS ?? (isProduction ? 1 : 0),
    healthDetails: raw.HEALTH_DETAILS ?? !isProduction,
    walletBreaker: {
      failuresToOpen: raw.WALLET_BREAKER_FAILURES,
      halfOpenAfterMs: raw.WALLET_BREAKER_HALF_OPEN_AFTER_MS,
    },
    metrics: {
      enabled: raw.METRICS_ENABLED ?? true,
      token: raw.METRICS_TOKEN,
      workerPort: raw.WORKER_METRICS_PORT,
    },
    memoryLogMs: raw.MEMORY_LOG_SECONDS === undefined ? undefined : Math.round(raw.MEMORY_LOG_SECONDS * 1000),
    tracing: {
      enabled: raw.OTEL_ENABLED ?? false,
      serviceName: raw.OTEL_SERVICE_NAME,
      endpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT,
    },
    retention: {
      bodyMs: Math.round(raw.RETENTION_BODY_DAYS * DAY_MS),
      rejectionMs: Math.round(raw.RETENTION_REJECTION_DAYS * DAY_MS),
      walletCallMs: Math.round(raw.RETENTION_WALLET_CALL_DAYS * DAY_MS),
      eventMs: Math.round(raw.RETENTION_EVENT_DAYS * DAY_MS),
    },
    localDir,
    queuePrefix: raw.QUEUE_PREFIX,
    workers: workerSettings(raw),
    alerts: {
      smtpUrl: raw.SMTP_URL,
      mailFrom: raw.ALERT_MAIL_FROM,
      dailySummaryHour: raw.ALERT_DAILY_SUMMARY_HOUR,
      mailCatcherUrl: raw.MAIL_CATCHER_URL,
    },
    outbound: { httpsOnly: isProduction, allowedNetworks: raw.OUTBOUND_ALLOWED_NETWORKS ?? "" },
  };
}

/** In production nothing is generated: every secret must be given, and strong enough. */
function productionProblems(raw: Raw, source: Source): string[] {
  const problems: string[] = [];
  const required = [
    "PUBLIC_BASE_URL",
    "WALLET_BASE_URL",
    "WALLET_CLIENT_ID",
    "TOKEN_ENCRYPTION_KEY",
    "SESSION_SECRET",
    "NEXTAUTH_SECRET",
  ] as const;
  for (const name of required) if (!raw[name]) problems.push(`${name}: required in production`);
  if (!raw.MERCHANT_PRIVATE_KEY && !raw.MERCHANT_PRIVATE_KEY_FILE) {
    problems.push("MERCHANT_PRIVATE_KEY or MERCHANT_PRIVATE_KEY_FILE: required in production");
  }
  if (!raw.WALLET_PUBLIC_KEY && !raw.WALLET_PUBLIC_KEY_FILE) {
    problems.push("WALLET_PUBLIC_KEY or WALLET_PUBLIC_KEY_FILE: required in production");
  }
  // HS256 keys: shorter secrets can be brute-forced offline from one token.
  for (const name of ["SESSION_SECRET", "NEXTAUTH_SECRET"] as const) {
    const value = raw[name];
    if (value && Buffer.byteLength(value, "utf8") < MIN_SECRET_BYTES) {
      problems.push(
        `${name}: must be at least ${MIN_SECRET_BYTES} bytes in production (openssl rand -base64 48)`,
      );
    }
  }
  // The metrics name every route, queue and backlog: a guessable token would publish them.
  if (raw.METRICS_TOKEN && Buffer.byteLength(raw.METRICS_TOKEN, "utf8") < MIN_METRICS_TOKEN_BYTES) {
    problems.push(`METRICS_TOKEN: must be at least ${MIN_METRICS_TOKEN_BYTES} bytes in production`);
  }
  if (!source.DATABASE_URL) problems.push("DATABASE_URL: required in production");
  if (!source.REDIS_URL && !source.REDIS_CLUSTER_NODES && !source.REDIS_SENTINELS) {
    problems.push("REDIS_URL (or REDIS_CLUSTER_NODES or REDIS_SENTINELS): required in production");
  }
  return problems;
}

/**
 * Outside production a missing wallet key falls back to the local sandbox's (written by `npm run
 * dev`): with another wallet configured, that key would refuse every one of its answers and
 * notifications.
 */
function localProblems(raw: Raw): string[] {
  if (raw.WALLET_BASE_URL && !raw.WALLET_PUBLIC_KEY && !raw.WALLET_PUBLIC_KEY_FILE) {
    return [
      "WALLET_PUBLIC_KEY or WALLET_PUBLIC_KEY_FILE: required when WALLET_BASE_URL names a wallet (the wallet's public key from onboarding); unset WALLET_BASE_URL to use the local sandbox",
    ];
  }
  return [];
}

/** The generated local keys and secrets, when some setting that needs them is not given. */
function localSecretsIfNeeded(raw: Raw, localDir: string): LocalSecrets | undefined {
  const needed =
    !raw.WALLET_CLIENT_ID ||
    !raw.TOKEN_ENCRYPTION_KEY ||
    !raw.SESSION_SECRET ||
    !raw.NEXTAUTH_SECRET ||
    (!raw.MERCHANT_PRIVATE_KEY && !raw.MERCHANT_PRIVATE_KEY_FILE);
  if (!needed) return undefined;
  const local = ensureLocalSecrets(localDir);
  if (local.created)
    console.info(`[env] generated local merchant keys and secrets in ${localDir} (ignored by git)`);
  return local;
}

/** Our private key and the wallet's public key: given, or (locally) generated and fetched ones. */
function readKeys(
  problems: string[],
  raw: Raw,
  where: { isProduction: boolean; localDir: string; local: LocalSecrets | undefined },
) {
  const privateKey = readKey(
    problems,
    "MERCHANT_PRIVATE_KEY",
    raw.MERCHANT_PRIVATE_KEY,
    raw.MERCHANT_PRIVATE_KEY_FILE ??
      (raw.MERCHANT_PRIVATE_KEY ? undefined : where.local?.merchantPrivateKeyFile),
    loadPrivateKey,
  );
  const localWalletKey =
    !where.isProduction && !raw.WALLET_BASE_URL && !raw.WALLET_PUBLIC_KEY && !raw.WALLET_PUBLIC_KEY_FILE
      ? path.join(where.localDir, "keys", "wallet-public.pem")
      : undefined;
  const publicKey = readKey(
    problems,
    "WALLET_PUBLIC_KEY",
    raw.WALLET_PUBLIC_KEY,
    raw.WALLET_PUBLIC_KEY_FILE ?? (localWalletKey && fileExists(localWalletKey) ? localWalletKey : undefined),
    loadPublicKey,
  );
  return { privateKey, publicKey };
}

function walletSettings(
  raw: Raw,
  keys: { privateKey: KeyObject; publicKey: KeyObject | undefined },
  local: LocalSecrets | undefined,
): Env["wallet"] {
  return {
    baseUrl: raw.WALLET_BASE_URL ?? `http://127.0.0.1:${raw.SANDBOX_PORT}`,
    usesSandbox: !raw.WALLET_BASE_URL,
    clientId: raw.WALLET_CLIENT_ID ?? (local?.clientId as string),
    keyVersion: raw.WALLET_KEY_VERSION,
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    urlEncodeSignature: raw.WALLET_URL_ENCODE_SIGNATURE ?? false,
    preparePath: raw.WALLET_PREPARE_PATH,
    cashierProductCode: PRODUCT_CODES[raw.WALLET_CASHIER_PRODUCT],
    timeoutsMs: {
      pay: raw.WALLET_TIMEOUT_PAY_MS,
      inquiry: raw.WALLET_TIMEOUT_INQUIRY_MS,
      default: raw.WALLET_TIMEOUT_DEFAULT_MS,
    },
  };
}

function workerSettings(raw: Raw): Env["workers"] {
  return {
    queues: raw.WORKERS?.split(",")
      .map((name) => name.trim())
      .filter(Boolean),
    concurrency: raw.WORKER_CONCURRENCY,
    scanEveryMs: Math.round(raw.WORKER_SCAN_EVERY_SECONDS * 1000),
    lockDurationMs: raw.WORKER_LOCK_DURATION_MS,
    refundPollIntervalMs: Math.round(raw.REFUND_POLL_INTERVAL_SECONDS * 1000),
    refundPollWindowMs: Math.round(raw.REFUND_POLL_WINDOW_SECONDS * 1000),
    flagAfterMs: Math.round(raw.RECONCILE_FLAG_AFTER_HOURS * 3600 * 1000),
    tokenRefreshAheadMs: raw.TOKEN_REFRESH_AHEAD_SECONDS * 1000,
    paymentUnknownAfterMs: Math.round(raw.PAYMENT_UNKNOWN_ALERT_MINUTES * 60 * 1000),
    hookTimeoutMs: Math.round(raw.HOOK_TIMEOUT_SECONDS * 1000),
    subscriptionReminderAheadMs: Math.round(raw.SUBSCRIPTION_REMINDER_DAYS * 86_400_000),
  };
}

function fileExists(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

let cached: Env | undefined;

/** The validated configuration of this process, read once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests that change variables call this to read them again. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/**
 * The log level alone, for the logger, which must work before the rest of the configuration is read
 * (and report what is wrong with it). A malformed value is reported by getEnv(); until then, info.
 */
export function getLogLevel(): string {
  const parsed = rawSchema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL);
  return parsed.success ? parsed.data : "info";
}

/**
 * Only what the migration command needs. The one-shot migrate job of a deploy then runs with the
 * database URL alone, without the wallet keys and secrets the app and workers require.
 */
export interface DatabaseEnv {
  databaseUrl: string;
  /** PostgreSQL itself, for migrations, when DATABASE_URL goes through a pooler. */
  directUrl: string | undefined;
  pooler: DatabasePooler;
}

export function parseDatabaseEnv(source: Source): DatabaseEnv {
  const parsed = rawSchema
    .pick({ NODE_ENV: true, DATABASE_URL: true, DATABASE_POOLER: true, DATABASE_DIRECT_URL: true })
    .safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  if (parsed.data.NODE_ENV === "production" && !source.DATABASE_URL) {
    throw new EnvError(["DATABASE_URL: required in production"]);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    directUrl: parsed.data.DATABASE_DIRECT_URL,
    pooler: poolerOf(parsed.data.DATABASE_URL, parsed.data.DATABASE_POOLER),
  };
}

/** The database settings of this process (see parseDatabaseEnv). */
export function getDatabaseEnv(): DatabaseEnv {
  return parseDatabaseEnv(process.env);
}

/**
 * next-auth reads its public address from process.env.NEXTAUTH_URL on every request; ours is
 * PUBLIC_BASE_URL. Without it next-auth assumes http://localhost:3000 and, for one, sends operators
 * there after signing out. Called when the auth options are built; an explicit NEXTAUTH_URL wins.
 */
export function publishNextAuthUrl(env: Env = getEnv()): void {
  process.env.NEXTAUTH_URL ??= `${env.publicBaseUrl}/api/auth`;
}
