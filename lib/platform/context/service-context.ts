// What domain services need, passed in explicitly so they are plain functions testable without
// Next.js: tests build a context on their own database and sandbox; routes and workers use the
// process-wide one from getServiceContext().
import type { KeyObject } from "node:crypto";
import type { PrismaClient } from "@/lib/platform/db";
import { getPrisma } from "@/lib/platform/db/client";
import { getReadModel } from "@/lib/platform/db/read-model";
import { getEnv } from "@/lib/platform/env";
import { getLogger, type Logger } from "@/lib/platform/log";
import { observeWalletExchange } from "@/lib/platform/observability/wallet-exchange";
import { BullJobQueue } from "@/lib/platform/queue/bullmq-queue";
import type { JobQueue } from "@/lib/platform/queue/definitions";
import { getRedis } from "@/lib/platform/redis";
import { walletCallRecorder } from "@/lib/platform/wallet-calls/record-wallet-call";
import type { WalletCircuitBreaker } from "@/lib/wallet/circuit-breaker";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { sharedWalletBreaker } from "./wallet-breaker";

export interface ServiceContext {
  /** The primary: every write, and every read that decides something (about money above all). */
  prisma: PrismaClient;
  /**
   * The console's read model (lib/platform/db/read-model.ts): the replica of DATABASE_REPLICA_URL,
   * or `prisma` itself without one. Only for the console's lists, search, exports, dashboard and
   * metrics' counts, which may be a moment behind.
   */
  readModel: PrismaClient;
  wallet: WalletClient;
  logger: Logger;
  /** AES-256-GCM key for tokens at rest. */
  tokenKey: Buffer;
  sessionSecret: string;
  /** Our public origin: notify URLs sent to the wallet are built from it. */
  publicBaseUrl: string;
  /** Our Client-Id, and the wallet's key that signs its notifications. */
  clientId: string;
  walletPublicKey: KeyObject | undefined;
  /** The product code CASHIER orders are paid under (WALLET_CASHIER_PRODUCT). */
  cashierProductCode: string;
  /** Background work (refund polls, reconciliation, push) goes through here. */
  jobs: JobQueue;
  now: () => Date;
}

export interface WalletSettings {
  baseUrl: string;
  clientId: string;
  keyVersion: string;
  privateKey: KeyObject;
  publicKey: KeyObject | undefined;
  urlEncodeSignature?: boolean;
  preparePath?: string;
  timeoutsMs?: { pay?: number; inquiry?: number; default?: number };
}

/**
 * A wallet client whose every exchange lands in the wallet-call log of `prisma`, the metrics and the
 * traces; behind `breaker` when one is given (the app and workers share the process's breaker).
 */
export function createLoggedWalletClient(
  settings: WalletSettings,
  prisma: () => PrismaClient,
  logger: () => Logger,
  options: { breaker?: WalletCircuitBreaker | undefined } = {},
) {
  const record = walletCallRecorder(prisma, logger);
  return createWalletClient({
    baseUrl: settings.baseUrl,
    clientId: settings.clientId,
    keyVersion: settings.keyVersion,
    privateKey: settings.privateKey,
    walletPublicKey: settings.publicKey,
    urlEncodeSignature: settings.urlEncodeSignature,
    preparePath: settings.preparePath,
    timeoutsMs: settings.timeoutsMs,
    logger: logger(),
    breaker: options.breaker,
    hooks: {
      onExchange: async (exchange: WalletExchange) => {
        observeWalletExchange(exchange);
        await record(exchange);
      },
    },
  });
}

let shared: ServiceContext | undefined;

export function getServiceContext(): ServiceContext {
  if (shared) return shared;
  const env = getEnv();
  shared = {
    prisma: getPrisma(),
    readModel: getReadModel(),
    wallet: createLoggedWalletClient(env.wallet, getPrisma, getLogger, {
      breaker: sharedWalletBreaker(env.wallet, env.walletBreaker, getLogger, getPrisma),
    }),
    logger: getLogger(),
    tokenKey: env.tokenEncryptionKey,
    sessionSecret: env.sessionSecret,
    publicBaseUrl: env.publicBaseUrl,
    clientId: env.wallet.clientId,
    walletPublicKey: env.wallet.publicKey,
    cashierProductCode: env.wallet.cashierProductCode,
    jobs: new BullJobQueue(getRedis, env.queuePrefix),
    now: () => new Date(),
  };
  return shared;
}
