// The merchant side for integration tests: its own database, the wallet sandbox, a service context
// wired to both (as getServiceContext() is in the app), an HTTP endpoint receiving the sandbox's
// notifications through the real intake, and helpers that act as a mini program user would.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { startSession } from "@/lib/customers/start-session";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { receiveNotification } from "@/lib/payments/notifications/receive-notification";
import { createLoggedWalletClient, type ServiceContext } from "@/lib/platform/context/service-context";
import type { NotificationKind, PrismaClient } from "@/lib/platform/db";
import { closePrismaClient } from "@/lib/platform/db/client";
import { createLogger } from "@/lib/platform/log";
import type { WalletClient } from "@/lib/wallet/client";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { loadPublicKey } from "@/lib/wallet/signature";
import { createTestDatabase, type TestDatabase } from "./database";
import { JobRecorder } from "./job-recorder";
import { startTestSandbox, type TestSandbox } from "./sandbox";

export interface MerchantHarness {
  db: TestDatabase;
  sandbox: TestSandbox;
  ctx: ServiceContext;
  jobs: JobRecorder;
  /** Every log line the services wrote (to prove no secret is ever logged). */
  logLines: string[];
  notifyUrl: string;
  /** A new wallet user who authorized the mini program, with our session started. */
  newCustomer(options?: { scopes?: string[]; persona?: string; balance?: string }): Promise<{
    userId: string;
    customerId: string;
    sessionToken: string;
  }>;
  /** Waits until `check` passes, ticking the sandbox so due notifications go out. */
  eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs?: number): Promise<T>;
  walletCalls(operation: string, orderId?: string): Promise<number>;
  /** Moves time forward for the wallet and for us alike (the sandbox clock and ctx.now). */
  advanceClock(seconds: number): Promise<void>;
  close(): Promise<void>;
}

const NOTIFY_KINDS: Record<string, NotificationKind> = { payment: "PAYMENT", void: "VOID", refund: "REFUND" };

async function startNotifyEndpoint(ctx: () => ServiceContext): Promise<Server> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const kind = NOTIFY_KINDS[path.split("/").at(-1) ?? ""];
    if (!kind || !path.startsWith("/api/wallet/notify/")) {
      response.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string") headers.set(name, value);
    try {
      const answer = await receiveNotification(ctx(), {
        kind,
        path,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        headers,
      });
      response
        .writeHead(answer.httpStatus, { "Content-Type": "application/json" })
        .end(JSON.stringify(answer.body));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

export async function startMerchant(
  options: {
    sandbox?: Parameters<typeof startTestSandbox>[0];
    /** How long a wallet call may take (2 s unless a file slows the wallet on purpose). */
    walletTimeoutMs?: number;
    /**
     * The services' client for the test database's URL (e.g. through PgBouncer); `db.prisma`, the
     * direct one, stays for setup. Closed with the harness.
     */
    prismaFor?: (directUrl: string) => PrismaClient;
  } = {},
): Promise<MerchantHarness> {
  const [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox(options.sandbox)]);
  await seedDemoCatalog(db.prisma);
  const prisma = options.prismaFor?.(db.url) ?? db.prisma;
  const logLines: string[] = [];
  const logger = createLogger({
    level: "debug",
    destination: new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(chunk.toString());
        callback();
      },
    }),
  });
  const jobs = new JobRecorder();
  let ctx: ServiceContext | undefined;
  let clockOffsetMs = 0;
  const server = await startNotifyEndpoint(() => ctx as ServiceContext);
  const notifyBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const walletPublicKey = loadPublicKey(sandbox.walletPublicKeyPem);
  const wallet: WalletClient = createLoggedWalletClient(
    {
      baseUrl: sandbox.url,
      clientId: sandbox.merchant.clientId,
      keyVersion: "1",
      privateKey: sandbox.merchant.privateKey,
      publicKey: walletPublicKey,
      timeoutsMs: {
        pay: options.walletTimeoutMs ?? 2_000,
        inquiry: options.walletTimeoutMs ?? 2_000,
        default: options.walletTimeoutMs ?? 2_000,
      },
    },
    () => prisma,
    () => logger,
  );
  ctx = {
    prisma,
    readModel: prisma,
    wallet,
    logger,
    tokenKey: randomBytes(32),
    sessionSecret: randomBytes(32).toString("base64url"),
    publicBaseUrl: notifyBase,
    clientId: sandbox.merchant.clientId,
    walletPublicKey,
    cashierProductCode: PRODUCT_CODES.CASHIER,
    jobs,
    now: () => new Date(Date.now() + clockOffsetMs),
  };
  const harness: MerchantHarness = {
    db,
    sandbox,
    ctx,
    jobs,
    logLines,
    notifyUrl: notifyBase,
    async newCustomer(customer = {}) {
      const user = await sandbox.createUser({
        ...(customer.persona ? { persona: customer.persona } : {}),
        ...(customer.balance ? { balance: customer.balance } : {}),
      });
      const scopes = customer.scopes ?? ["USER_ID"];
      const { authCode } = await sandbox.createAuthCode(user.userId, scopes);
      const session = await startSession(ctx, { authCode, scopes });
      return { userId: user.userId, customerId: session.customer.id, sessionToken: session.sessionToken };
    },
    async eventually(check, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (Date.now() > deadline) throw new Error("condition not met in time");
        await sandbox.tick();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async advanceClock(seconds) {
      await sandbox.advanceClock(seconds);
      clockOffsetMs += seconds * 1000;
    },
    walletCalls: (operation, orderId) =>
      prisma.walletCall.count({ where: { operation, ...(orderId ? { orderId } : {}) } }),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await sandbox.close();
      if (prisma !== db.prisma) await closePrismaClient(prisma);
      await db.drop();
    },
  };
  return harness;
}
