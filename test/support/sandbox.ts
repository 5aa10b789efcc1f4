// Starts the wallet sandbox in-process for a test file: a temp data dir, a random port, a freshly
// generated merchant key pair registered under a random Client-Id, a signed wallet client, and
// helpers for the control API (what the wallet app and the test personas do).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { type RunningSandbox, type StartSandboxOptions, startSandbox } from "@/sandbox/server";
import type { SettingsInput } from "@/sandbox/settings";
import { generateTestKeyPair, type TestKeyPair } from "./keys";
import { type RawAnswer, sendSignedRequest } from "./signed-request";

interface TestMerchant extends TestKeyPair {
  clientId: string;
}

type ClientOptions = Partial<Parameters<typeof createWalletClient>[0]>;

export class ControlApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: { code?: string; message?: string } } & Record<string, unknown>,
  ) {
    super(`control API answered ${status}: ${JSON.stringify(body)}`);
  }
  get code(): string | undefined {
    return this.body.error?.code;
  }
}

export interface TestSandbox {
  url: string;
  walletPublicKeyPem: string;
  dataDir: string;
  merchant: TestMerchant;
  /** A signed client of the registered merchant; verifies response signatures. */
  client(options?: ClientOptions): WalletClient;
  /** Signs and posts `body` as it is (no client-side validation): for requests a client refuses. */
  sendRaw(path: string, body: object | string): Promise<RawAnswer>;
  /** Every exchange made by clients of this sandbox (for reached-code accounting). */
  exchanges: WalletExchange[];
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  registerMerchant(
    input?: Partial<{ clientId: string; status: string; notifyUrlAllowlist: string[] }>,
  ): Promise<TestMerchant>;
  createUser(input?: {
    userId?: string;
    balance?: string;
    persona?: string;
    loginId?: string;
    fullName?: string;
  }): Promise<{ userId: string; balance: string }>;
  createAuthCode(
    userId: string,
    scopes: string[],
    clientId?: string,
  ): Promise<{ authCode: string; authSuccessScopes: string[] }>;
  /** User + authCode + applyToken: a customer of the merchant with tokens. */
  authorizeCustomer(
    scopes?: string[],
    user?: { persona?: string; balance?: string },
  ): Promise<{ userId: string; customerId: string; accessToken: string; refreshToken: string }>;
  /** prepare → agreement page signing → applyToken: the paymentAuthCode of agreement payments. */
  signAgreement(user?: {
    persona?: string;
    balance?: string;
  }): Promise<{ userId: string; customerId: string; agreementToken: string; refreshToken: string }>;
  payAtCashier(paymentId: string): Promise<unknown>;
  cancelAtCashier(paymentId: string): Promise<unknown>;
  /** Resolves once an operation holds the lock of this payment (see operationLatencyMs). */
  waitForLock(paymentId: string, timeoutMs?: number): Promise<void>;
  advanceClock(seconds: number): Promise<void>;
  tick(): Promise<void>;
  setFault(operation: string, outcome: string, count?: number): Promise<void>;
  settings(input: SettingsInput): Promise<void>;
  notifications(query?: Record<string, string>): Promise<SandboxNotification[]>;
  /** Stops and starts the sandbox on the same port and data dir (`fresh`: like `--fresh`). */
  restart(options?: { fresh?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface SandboxNotification {
  id: string;
  kind: string;
  status: string;
  url: string;
  sends: number;
  duplicate: boolean;
  paymentId: string;
  subjectId: string;
  body: string;
  payload: Record<string, unknown>;
  nextAttemptAt?: string;
  attempts: {
    attempt: number;
    copy: number;
    at: string;
    httpStatus?: number;
    error?: string;
    acknowledged: boolean;
  }[];
}

export function uniqueId(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString("hex")}`;
}

export async function startTestSandbox(
  options: { settings?: SettingsInput; mode?: StartSandboxOptions["mode"] } = {},
): Promise<TestSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), "wallet-sandbox-"));
  let running: RunningSandbox = await startSandbox({
    port: 0,
    dataDir,
    mode: options.mode ?? "test",
    settings: options.settings,
  });
  const port = new URL(running.url).port;
  const exchanges: WalletExchange[] = [];

  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(path, running.url), {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T & Record<string, unknown>;
    if (!response.ok) throw new ControlApiError(response.status, json);
    return json;
  };

  const registerMerchant: TestSandbox["registerMerchant"] = async (input = {}) => {
    const keys = generateTestKeyPair();
    const clientId = input.clientId ?? uniqueId("merchant");
    await control("POST", "/sandbox/merchants", { clientId, publicKeyPem: keys.publicKeyPem, ...input });
    return { ...keys, clientId };
  };

  const merchant = await registerMerchant();

  const sandbox: TestSandbox = {
    get url() {
      return running.url;
    },
    walletPublicKeyPem: running.walletPublicKeyPem,
    dataDir,
    merchant,
    exchanges,
    sendRaw(path, body) {
      return sendSignedRequest({
        baseUrl: running.url,
        path,
        clientId: merchant.clientId,
        privateKey: merchant.privateKey,
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    client(clientOptions = {}) {
      return createWalletClient({
        baseUrl: running.url,
        clientId: merchant.clientId,
        privateKey: merchant.privateKey,
        keyVersion: 1,
        walletPublicKey: running.walletPublicKeyPem,
        ...clientOptions,
        hooks: {
          onExchange: (exchange) => {
            exchanges.push(exchange);
            return clientOptions.hooks?.onExchange?.(exchange);
          },
        },
      });
    },
    control,
    registerMerchant,
    createUser: (input = {}) => control("POST", "/sandbox/users", input),
    createAuthCode: (userId, scopes, clientId) =>
      control("POST", "/sandbox/authCodes", { userId, scopes, clientId }),
    async authorizeCustomer(scopes = ["USER_ID"], user = {}) {
      const { userId } = await sandbox.createUser(user);
      const { authCode } = await sandbox.createAuthCode(userId, scopes);
      const outcome = await sandbox.client().applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
      if (outcome.status !== "S") throw new Error(`applyToken failed: ${outcome.resultCode}`);
      return {
        userId,
        customerId: outcome.data.customerId ?? "",
        accessToken: outcome.data.accessToken ?? "",
        refreshToken: outcome.data.refreshToken ?? "",
      };
    },
    async signAgreement(user = {}) {
      const { userId } = await sandbox.createUser(user);
      const wallet = sandbox.client();
      const prepared = await wallet.prepare({
        scopes: "AGREEMENT_PAY",
        extendInfo: JSON.stringify({ contractDesc: "Monthly subscription", language: "en-US" }),
      });
      if (prepared.status !== "S") throw new Error(`prepare failed: ${prepared.resultCode}`);
      const { authCode } = await control<{ authCode: string }>("POST", "/sandbox/agreements/authorize", {
        authorizationUrl: prepared.data.authorizationUrl,
        userId,
      });
      const tokens = await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
      if (tokens.status !== "S") throw new Error(`applyToken failed: ${tokens.resultCode}`);
      return {
        userId,
        customerId: tokens.data.customerId ?? "",
        agreementToken: tokens.data.accessToken ?? "",
        refreshToken: tokens.data.refreshToken ?? "",
      };
    },
    payAtCashier: (paymentId) => control("POST", `/sandbox/cashier/${encodeURIComponent(paymentId)}/pay`),
    cancelAtCashier: (paymentId) =>
      control("POST", `/sandbox/cashier/${encodeURIComponent(paymentId)}/cancel`),
    async waitForLock(paymentId, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const { held } = await control<{ held: string[] }>("GET", "/sandbox/locks");
        if (held.some((key) => key === paymentId || key.endsWith(`\n${paymentId}`))) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no operation took the lock of ${paymentId} within ${timeoutMs} ms`);
    },
    async advanceClock(seconds) {
      await control("POST", "/sandbox/clock", { advanceSeconds: seconds });
    },
    async tick() {
      await control("POST", "/sandbox/tick");
    },
    async setFault(operation, outcome, count = 1) {
      await control("POST", "/sandbox/faults", { operation, outcome, count });
    },
    async settings(input) {
      await control("POST", "/sandbox/settings", input);
    },
    notifications(query = {}) {
      const search = new URLSearchParams(query).toString();
      return control("GET", `/sandbox/notifications${search ? `?${search}` : ""}`);
    },
    async restart(restartOptions = {}) {
      await running.close();
      // Lets keep-alive pools of clients in this process see their sockets closed; otherwise
      // the first call after the restart may reuse a dead socket (a NETWORK U, as in real life).
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = await startSandbox({
        port: Number(port),
        dataDir,
        mode: options.mode ?? "test",
        fresh: restartOptions.fresh,
      });
    },
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return sandbox;
}
