// The service context the in-process benches (billing, reconcile) call the services with: the real
// logged wallet client against the sandbox merchant they registered, quiet logs, and a job queue
// that drops what it is given (each bench runs the workers it measures itself).
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import { createLoggedWalletClient, type ServiceContext } from "@/lib/platform/context/service-context";
import { createLogger } from "@/lib/platform/log";
import type { JobQueue } from "@/lib/platform/queue/definitions";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { loadPublicKey } from "@/lib/wallet/signature";
import type { registerBenchMerchant } from "./sandbox-process";

type BenchMerchant = Awaited<ReturnType<typeof registerBenchMerchant>>;

export function benchServiceContext(
  prisma: PrismaClient,
  walletUrl: string,
  merchant: BenchMerchant,
): ServiceContext {
  const { keys, clientId, walletPublicKeyPem } = merchant;
  const logger = createLogger({ level: "error" });
  return {
    prisma,
    readModel: prisma,
    wallet: createLoggedWalletClient(
      {
        baseUrl: walletUrl,
        clientId,
        keyVersion: "1",
        privateKey: keys.privateKey,
        publicKey: loadPublicKey(walletPublicKeyPem),
      },
      () => prisma,
      () => logger,
    ),
    logger,
    tokenKey: randomBytes(32),
    sessionSecret: randomBytes(32).toString("base64url"),
    publicBaseUrl: "http://127.0.0.1:9",
    clientId,
    walletPublicKey: loadPublicKey(walletPublicKeyPem),
    cashierProductCode: PRODUCT_CODES.CASHIER,
    jobs: { enqueue: async () => undefined } satisfies JobQueue,
    now: () => new Date(),
  };
}
