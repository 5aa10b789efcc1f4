import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/platform/env";
import { keyPairInEveryEncoding } from "@/test/support/keys";

const keyPems = keyPairInEveryEncoding();

const freshDir = () => mkdtempSync(path.join(tmpdir(), "env-test-"));

function problemsOf(source: Record<string, string>, cwd = freshDir()): string[] {
  try {
    parseEnv(source, { cwd });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error("expected the configuration to be refused");
}

describe("local development with no variables at all", () => {
  it("uses this machine's services and the bundled sandbox", () => {
    const env = parseEnv({}, { cwd: freshDir() });
    expect(env.databaseUrl).toBe("postgresql://postgres@127.0.0.1:5432/merchant");
    expect(env.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(env.wallet).toMatchObject({
      baseUrl: "http://127.0.0.1:4010",
      usesSandbox: true,
      keyVersion: "1",
    });
    expect(env.publicBaseUrl).toBe("http://127.0.0.1:3000");
    expect(env.tokenEncryptionKey).toHaveLength(32);
  });

  it("generates keys and secrets once and reuses them", () => {
    const cwd = freshDir();
    const first = parseEnv({}, { cwd });
    const second = parseEnv({}, { cwd });
    expect(second.wallet.clientId).toBe(first.wallet.clientId);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const pem = readFileSync(path.join(cwd, ".local/keys/merchant-private.pem"), "utf8");
    expect(pem).toContain("BEGIN PRIVATE KEY");
    expect(first.wallet.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it("takes an empty NODE_ENV as unset (development), like every other variable", () => {
    expect(parseEnv({ NODE_ENV: "" }, { cwd: freshDir() }).nodeEnv).toBe("development");
  });

  it("opens no internal network to outbound requests unless OUTBOUND_ALLOWED_NETWORKS names one", () => {
    expect(parseEnv({}, { cwd: freshDir() }).outbound).toEqual({ httpsOnly: false, allowedNetworks: "" });
    const office = parseEnv({ OUTBOUND_ALLOWED_NETWORKS: "10.20.0.0/16, fd00:20::/64" }, { cwd: freshDir() });
    expect(office.outbound.allowedNetworks).toBe("10.20.0.0/16, fd00:20::/64");
    for (const bad of ["10.20.0.0", "10.20.0.0/40", "office"]) {
      expect(problemsOf({ OUTBOUND_ALLOWED_NETWORKS: bad }).join("\n")).toContain(
        "OUTBOUND_ALLOWED_NETWORKS",
      );
    }
  });

  it("has npm run dev and npm start listen on this machine only unless HOST says otherwise", () => {
    expect(parseEnv({}, { cwd: freshDir() }).host).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "" }, { cwd: freshDir() }).host).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "0.0.0.0" }, { cwd: freshDir() }).host).toBe("0.0.0.0");
    expect(parseEnv({ HOST: "::1" }, { cwd: freshDir() }).host).toBe("::1");
    expect(problemsOf({ HOST: "my laptop; rm" }).join("\n")).toContain("HOST");
  });

  it("honours PORT and SANDBOX_PORT in the derived addresses", () => {
    const env = parseEnv({ PORT: "3100", SANDBOX_PORT: "4100" }, { cwd: freshDir() });
    expect(env.publicBaseUrl).toBe("http://127.0.0.1:3100");
    expect(env.wallet.baseUrl).toBe("http://127.0.0.1:4100");
  });

  it("picks up the sandbox's public key once `npm run dev` has registered", () => {
    const cwd = freshDir();
    parseEnv({}, { cwd });
    writeFileSync(path.join(cwd, ".local/keys/wallet-public.pem"), keyPems.spkiPublic);
    expect(parseEnv({}, { cwd }).wallet.publicKey).toBeDefined();
  });

  it("refuses a real wallet without its public key, instead of falling back to the sandbox's", () => {
    const cwd = freshDir();
    parseEnv({}, { cwd });
    writeFileSync(path.join(cwd, ".local/keys/wallet-public.pem"), keyPems.spkiPublic);
    const problems = problemsOf({ WALLET_BASE_URL: "https://uat-gateway.wallet.example" }, cwd);
    expect(problems).toEqual([
      expect.stringMatching(/^WALLET_PUBLIC_KEY or WALLET_PUBLIC_KEY_FILE: required when WALLET_BASE_URL/),
    ]);
    const given = parseEnv(
      { WALLET_BASE_URL: "https://uat-gateway.wallet.example", WALLET_PUBLIC_KEY: keyPems.spkiPublic },
      { cwd },
    );
    expect(given.wallet).toMatchObject({ usesSandbox: false, baseUrl: "https://uat-gateway.wallet.example" });
  });
});

describe("validation", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ WALLET_BASE_URL: "not a url" }, "WALLET_BASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ TOKEN_ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") }, "TOKEN_ENCRYPTION_KEY"],
    [
      { MERCHANT_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----" },
      "MERCHANT_PRIVATE_KEY",
    ],
    [{ MERCHANT_PRIVATE_KEY_FILE: "/nonexistent/key.pem" }, "MERCHANT_PRIVATE_KEY_FILE"],
    [{ WALLET_URL_ENCODE_SIGNATURE: "maybe" }, "WALLET_URL_ENCODE_SIGNATURE"],
    [{ QUEUE_PREFIX: "two{tags}{here}" }, "QUEUE_PREFIX"],
    [{ QUEUE_PREFIX: "bull:queues" }, "QUEUE_PREFIX"],
    [{ QUEUE_PREFIX: "" }, "QUEUE_PREFIX"],
    [{ WORKER_METRICS_PORT: "70000" }, "WORKER_METRICS_PORT"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector" }, "OTEL_EXPORTER_OTLP_ENDPOINT"],
    [{ RETENTION_BODY_DAYS: "0" }, "RETENTION_BODY_DAYS"],
    [{ WALLET_BREAKER_FAILURES: "-1" }, "WALLET_BREAKER_FAILURES"],
  ])("names the malformed variable: %j", (source, name) => {
    expect(problemsOf(source as Record<string, string>).join("\n")).toContain(name);
  });

  it("reads keys in PKCS#1 and PKCS#8 form", () => {
    for (const pem of [keyPems.pkcs1Private, keyPems.pkcs8Private]) {
      const env = parseEnv(
        { MERCHANT_PRIVATE_KEY: pem, WALLET_PUBLIC_KEY: keyPems.pkcs1Public },
        { cwd: freshDir() },
      );
      expect(env.wallet.privateKey.type).toBe("private");
      expect(env.wallet.publicKey?.type).toBe("public");
    }
  });
});

describe("operations settings", () => {
  it("defaults: breaker after 5 silent calls for 15 s, metrics on without a token, tracing off, 180/30 days", () => {
    const env = parseEnv({}, { cwd: freshDir() });
    expect(env.walletBreaker).toEqual({ failuresToOpen: 5, halfOpenAfterMs: 15_000 });
    expect(env.metrics).toEqual({ enabled: true, token: undefined, workerPort: undefined });
    expect(env.tracing).toEqual({ enabled: false, serviceName: undefined, endpoint: undefined });
    expect(env.retention).toEqual({
      bodyMs: 180 * 86_400_000,
      rejectionMs: 30 * 86_400_000,
      walletCallMs: 400 * 86_400_000,
      eventMs: 400 * 86_400_000,
    });
  });

  it.each(["{bull}", "shop-{bull}", "{shop.v2}-jobs", "bull", "test-workers-1a2b"])(
    "accepts the queue prefix %s (a hash tag keeps a queue's keys in one Redis Cluster slot)",
    (prefix) => {
      expect(parseEnv({ QUEUE_PREFIX: prefix }, { cwd: freshDir() }).queuePrefix).toBe(prefix);
    },
  );

  it("reads the switches and their settings", () => {
    const env = parseEnv(
      {
        METRICS_ENABLED: "false",
        METRICS_TOKEN: "local-token",
        WORKER_METRICS_PORT: "9464",
        OTEL_ENABLED: "true",
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_SERVICE_NAME: "shop",
        WALLET_BREAKER_FAILURES: "0",
        WALLET_BREAKER_HALF_OPEN_AFTER_MS: "2000",
        RETENTION_BODY_DAYS: "0.5",
      },
      { cwd: freshDir() },
    );
    expect(env.metrics).toEqual({ enabled: false, token: "local-token", workerPort: 9464 });
    expect(env.tracing).toEqual({ enabled: true, serviceName: "shop", endpoint: "http://collector:4318" });
    expect(env.walletBreaker).toEqual({ failuresToOpen: 0, halfOpenAfterMs: 2_000 });
    expect(env.retention.bodyMs).toBe(12 * 3_600_000);
  });
});

describe("production", () => {
  it("generates nothing and names every missing secret", () => {
    const cwd = freshDir();
    const problems = problemsOf({ NODE_ENV: "production" }, cwd);
    for (const name of [
      "PUBLIC_BASE_URL",
      "WALLET_BASE_URL",
      "WALLET_CLIENT_ID",
      "TOKEN_ENCRYPTION_KEY",
      "SESSION_SECRET",
      "NEXTAUTH_SECRET",
      "MERCHANT_PRIVATE_KEY",
      "WALLET_PUBLIC_KEY",
      "DATABASE_URL",
      "REDIS_URL",
    ]) {
      expect(problems.join("\n")).toContain(name);
    }
    expect(() => readFileSync(path.join(cwd, ".local/secrets.json"))).toThrow();
  });

  it.each(["SESSION_SECRET", "NEXTAUTH_SECRET"])("refuses a %s shorter than 32 bytes", (name) => {
    const problems = problemsOf({ NODE_ENV: "production", [name]: "short-but-not-empty-31-bytes-xx" });
    expect(problems).toContain(`${name}: must be at least 32 bytes in production (openssl rand -base64 48)`);
  });

  it("refuses a METRICS_TOKEN shorter than 16 bytes", () => {
    const problems = problemsOf({ NODE_ENV: "production", METRICS_TOKEN: "guessable" });
    expect(problems).toContain("METRICS_TOKEN: must be at least 16 bytes in production");
  });

  it("starts when everything is given", () => {
    const env = parseEnv(
      {
        NODE_ENV: "production",
        PUBLIC_BASE_URL: "https://shop.example",
        DATABASE_URL: "postgresql://db/merchant",
        REDIS_URL: "redis://cache:6379",
        WALLET_BASE_URL: "https://wallet.example",
        WALLET_CLIENT_ID: "2022000000000001",
        MERCHANT_PRIVATE_KEY: keyPems.pkcs8Private,
        WALLET_PUBLIC_KEY: keyPems.spkiPublic,
        TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
        SESSION_SECRET: "s".repeat(32),
        NEXTAUTH_SECRET: "n".repeat(32),
      },
      { cwd: freshDir() },
    );
    expect(env.wallet).toMatchObject({ usesSandbox: false, clientId: "2022000000000001" });
    // Webhooks and chat alerts: https:// only, nothing internal.
    expect(env.outbound).toEqual({ httpsOnly: true, allowedNetworks: "" });
  });
});
