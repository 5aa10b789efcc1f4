// The environment of a merchant app process (next start, workers) pointed at a test database and a
// wallet (the sandbox), with fresh secrets: what tests and benches hand to the processes they spawn.
import { randomBytes } from "node:crypto";
import { LOOPBACK_NETWORKS } from "./outbound";

export interface WalletEndpoint {
  baseUrl: string;
  clientId: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface AppEnvInput {
  databaseUrl: string;
  wallet: WalletEndpoint;
  redisUrl?: string;
  publicBaseUrl?: string;
  nodeEnv?: "production" | "test" | "development";
  logLevel?: string;
  /** Reuse these instead of fresh ones (a process that must read what the test process wrote). */
  tokenKey?: Buffer;
  sessionSecret?: string;
  extra?: Record<string, string>;
}

export function merchantAppEnv(input: AppEnvInput): Record<string, string> {
  return {
    NODE_ENV: input.nodeEnv ?? "test",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: input.logLevel ?? "warn",
    DATABASE_URL: input.databaseUrl,
    REDIS_URL: input.redisUrl ?? "redis://127.0.0.1:6379",
    WALLET_BASE_URL: input.wallet.baseUrl,
    WALLET_CLIENT_ID: input.wallet.clientId,
    MERCHANT_PRIVATE_KEY: input.wallet.privateKeyPem,
    WALLET_PUBLIC_KEY: input.wallet.publicKeyPem,
    TOKEN_ENCRYPTION_KEY: (input.tokenKey ?? randomBytes(32)).toString("base64"),
    SESSION_SECRET: input.sessionSecret ?? randomBytes(32).toString("base64url"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    // Test receivers (webhooks, chat) listen on 127.0.0.1: open loopback, as `npm run dev` does.
    // Tests of the policy itself set it back to "" (nothing internal).
    OUTBOUND_ALLOWED_NETWORKS: LOOPBACK_NETWORKS,
    ...(input.publicBaseUrl ? { PUBLIC_BASE_URL: input.publicBaseUrl } : {}),
    ...input.extra,
  };
}

/** The sandbox of test/support/sandbox.ts as a wallet endpoint. */
export function sandboxWallet(sandbox: {
  url: string;
  walletPublicKeyPem: string;
  merchant: { clientId: string; privateKeyPem: string };
}): WalletEndpoint {
  return {
    baseUrl: sandbox.url,
    clientId: sandbox.merchant.clientId,
    privateKeyPem: sandbox.merchant.privateKeyPem,
    publicKeyPem: sandbox.walletPublicKeyPem,
  };
}
