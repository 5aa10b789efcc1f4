// The one place that reads process.env. Everything is validated with zod when first asked for (at
// process start: see instrumentation.ts, workers/main.ts, scripts/*), and a bad or missing variable
// fails with its name. Locally nothing needs to be set: defaults target this machine's PostgreSQL,
// Redis and the bundled sandbox, and secrets are generated into LOCAL_DIR (see local-secrets.ts).
// In production nothing is generated: every secret must be given.

import type { KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ensureLocalSecrets } from "./config/local-secrets";
import { loadPrivateKey, loadPublicKey } from "./wallet/signature";

const port = z.coerce.number().int().min(0).max(65_535);
const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined));

const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PORT: port.default(3000),
  PUBLIC_BASE_URL: optionalText.pipe(z.url().optional()),
  DATABASE_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/merchant"),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  SANDBOX_PORT: port.default(4010),
  // Where the wallet lives. Unset in development means the bundled sandbox.
  WALLET_BASE_URL: optionalText.pipe(z.url().optional()),
  WALLET_CLIENT_ID: optionalText,
  WALLET_KEY_VERSION: z.string().regex(/^\w+$/).default("1"),
  MERCHANT_PRIVATE_KEY: optionalText,
  MERCHANT_PRIVATE_KEY_FILE: optionalText,
  WALLET_PUBLIC_KEY: optionalText,
  WALLET_PUBLIC_KEY_FILE: optionalText,
  // Some gateways of this family expect the Signature value URL-encoded.
  WALLET_URL_ENCODE_SIGNATURE: flag,
  // The contract-preparation path is not shown in the spec (DESIGN.md picks this default).
  WALLET_PREPARE_PATH: z.string().startsWith("/").default("/v1/authorizations/prepare"),
  WALLET_TIMEOUT_PAY_MS: z.coerce.number().int().positive().default(8_000),
  WALLET_TIMEOUT_INQUIRY_MS: z.coerce.number().int().positive().default(5_000),
  WALLET_TIMEOUT_DEFAULT_MS: z.coerce.number().int().positive().default(8_000),
  TOKEN_ENCRYPTION_KEY: optionalText,
  SESSION_SECRET: optionalText,
  NEXTAUTH_SECRET: optionalText,
  // Ignored folder for generated local keys and secrets.
  LOCAL_DIR: z.string().default(".local"),
  // BullMQ key prefix shared by the app (producer) and the workers; lets two deployments share a Redis.
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/)
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
});

export interface Env {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  logLevel: string;
  port: number;
  publicBaseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  sandboxPort: number;
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
    timeoutsMs: { pay: number; inquiry: number; default: number };
  };
  tokenEncryptionKey: Buffer;
  sessionSecret: string;
  nextauthSecret: string;
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
  };
}

export class EnvError extends Error {
  override readonly name = "EnvError";
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

type Source = Record<string, string | undefined>;

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

/** Pure: validates a variable map. Exported for tests. */
export function parseEnv(source: Source, options: { cwd?: string } = {}): Env {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  const problems: string[] = [];

  if (isProduction) {
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
    if (!source.DATABASE_URL) problems.push("DATABASE_URL: required in production");
    if (!source.REDIS_URL) problems.push("REDIS_URL: required in production");
  }

  const localDir = path.resolve(options.cwd ?? process.cwd(), raw.LOCAL_DIR);
  const needsLocal =
    !isProduction &&
    (!raw.WALLET_CLIENT_ID ||
      !raw.TOKEN_ENCRYPTION_KEY ||
      !raw.SESSION_SECRET ||
      !raw.NEXTAUTH_SECRET ||
      (!raw.MERCHANT_PRIVATE_KEY && !raw.MERCHANT_PRIVATE_KEY_FILE));
  const local = needsLocal ? ensureLocalSecrets(localDir) : undefined;
  if (local?.created) {
    console.info(`[env] generated local merchant keys and secrets in ${localDir} (ignored by git)`);
  }

  const privateKey = readKey(
    problems,
    "MERCHANT_PRIVATE_KEY",
    raw.MERCHANT_PRIVATE_KEY,
    raw.MERCHANT_PRIVATE_KEY_FILE ?? (raw.MERCHANT_PRIVATE_KEY ? undefined : local?.merchantPrivateKeyFile),
    loadPrivateKey,
  );
  const localWalletKey =
    !isProduction && !raw.WALLET_PUBLIC_KEY && !raw.WALLET_PUBLIC_KEY_FILE
      ? path.join(localDir, "keys", "wallet-public.pem")
      : undefined;
  const publicKey = readKey(
    problems,
    "WALLET_PUBLIC_KEY",
    raw.WALLET_PUBLIC_KEY,
    raw.WALLET_PUBLIC_KEY_FILE ?? (localWalletKey && fileExists(localWalletKey) ? localWalletKey : undefined),
    loadPublicKey,
  );
  const tokenEncryptionKey = decodeEncryptionKey(
    problems,
    raw.TOKEN_ENCRYPTION_KEY ?? local?.tokenEncryptionKey,
  );
  if (problems.length > 0 || !privateKey) {
    throw new EnvError(problems.length > 0 ? problems : ["MERCHANT_PRIVATE_KEY: missing"]);
  }

  const usesSandbox = !raw.WALLET_BASE_URL;
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    logLevel: raw.LOG_LEVEL,
    port: raw.PORT,
    publicBaseUrl: raw.PUBLIC_BASE_URL ?? `http://127.0.0.1:${raw.PORT}`,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    sandboxPort: raw.SANDBOX_PORT,
    wallet: {
      baseUrl: raw.WALLET_BASE_URL ?? `http://127.0.0.1:${raw.SANDBOX_PORT}`,
      usesSandbox,
      clientId: raw.WALLET_CLIENT_ID ?? (local?.clientId as string),
      keyVersion: raw.WALLET_KEY_VERSION,
      privateKey,
      publicKey,
      urlEncodeSignature: raw.WALLET_URL_ENCODE_SIGNATURE,
      preparePath: raw.WALLET_PREPARE_PATH,
      timeoutsMs: {
        pay: raw.WALLET_TIMEOUT_PAY_MS,
        inquiry: raw.WALLET_TIMEOUT_INQUIRY_MS,
        default: raw.WALLET_TIMEOUT_DEFAULT_MS,
      },
    },
    tokenEncryptionKey,
    sessionSecret: raw.SESSION_SECRET ?? (local?.sessionSecret as string),
    nextauthSecret: raw.NEXTAUTH_SECRET ?? (local?.nextauthSecret as string),
    localDir,
    queuePrefix: raw.QUEUE_PREFIX,
    workers: {
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
    },
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
