// Sessions from authCodes, the profile, and token refresh — as the mini program and the wallet
// sandbox exercise them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProfile } from "@/lib/customers/get-profile";
import { verifySessionToken } from "@/lib/customers/session-token";
import { startSession } from "@/lib/customers/start-session";
import { DomainError } from "@/lib/platform/errors/domain-errors";
import { ERROR_STATUS } from "@/lib/platform/errors/http-errors";
import { rejectionOf } from "@/test/support/expect-error";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { waitUntil } from "@/test/support/wait";

let merchant: MerchantHarness;
beforeAll(async () => {
  // One test slows the wallet to 1.5 s an answer on purpose: calls get room to spare on a busy machine.
  merchant = await startMerchant({ walletTimeoutMs: 6_000 });
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const domainError = (promise: Promise<unknown>) => rejectionOf(promise, DomainError);

describe("POST /api/mini/session (startSession)", () => {
  it("exchanges an authCode for our own session and stores the customer with encrypted tokens", async () => {
    const { sandbox, ctx } = merchant;
    const { userId } = await sandbox.createUser();
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID", "USER_NAME"]);
    const session = await startSession(ctx, { authCode, scopes: ["USER_ID", "USER_NAME"] });

    expect(await verifySessionToken(session.sessionToken, ctx.sessionSecret)).toBe(session.customer.id);
    const token = await ctx.prisma.walletToken.findUniqueOrThrow({
      where: { customerId: session.customer.id },
    });
    expect(token.accessTokenCipher).toMatch(/^v1\./);
    expect(token.refreshTokenCipher).toMatch(/^v1\./);
    const customer = await ctx.prisma.customer.findUniqueOrThrow({ where: { id: session.customer.id } });
    expect(customer.scopes).toEqual(["USER_ID", "USER_NAME"]);
  });

  it("never lets a wallet token or refresh token reach a response body or a log line", async () => {
    const { sandbox, ctx } = merchant;
    const { userId } = await sandbox.createUser();
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
    // What the wallet issues, seen from outside: ask the wallet log which tokens it handed out by
    // reading them back through our own decryption.
    const session = await startSession(ctx, { authCode });
    const profile = await getProfile(ctx, session.customer.id);
    const stored = await ctx.prisma.walletToken.findUniqueOrThrow({
      where: { customerId: session.customer.id },
    });
    const { decryptSecret } = await import("@/lib/platform/crypto/secret-box");
    const accessToken = decryptSecret(
      stored.accessTokenCipher,
      ctx.tokenKey,
      `access:${session.customer.id}`,
    );
    const refreshToken = decryptSecret(
      stored.refreshTokenCipher,
      ctx.tokenKey,
      `refresh:${session.customer.id}`,
    );

    const everything = [JSON.stringify(session), JSON.stringify(profile), ...merchant.logLines].join("\n");
    expect(everything).not.toContain(accessToken);
    expect(everything).not.toContain(refreshToken);
    expect(everything).not.toContain(authCode);
    const calls = await ctx.prisma.walletCall.findMany();
    expect(
      JSON.stringify(calls, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
    ).not.toContain(accessToken);
  });

  it.each([
    ["an unknown code", async () => "not-a-real-code", "INVALID_CODE"],
    [
      "a code already used",
      async () => {
        const { userId } = await merchant.sandbox.createUser();
        const { authCode } = await merchant.sandbox.createAuthCode(userId, ["USER_ID"]);
        await startSession(merchant.ctx, { authCode });
        return authCode;
      },
      "USED_CODE",
    ],
  ])(
    "refuses %s with a 401 telling the mini program to call my.getAuthCode again",
    async (_name, code, resultCode) => {
      const error = await domainError(startSession(merchant.ctx, { authCode: await code() }));
      expect(ERROR_STATUS[error.code]).toBe(401);
      expect(error.code).toBe("AUTH_CODE_REJECTED");
      expect(error.message).toContain("my.getAuthCode");
      expect(error.details).toEqual({ resultCode });
    },
  );

  it("refuses an expired code the same way", async () => {
    const { userId } = await merchant.sandbox.createUser();
    const { authCode } = await merchant.sandbox.createAuthCode(userId, ["USER_ID"]);
    await merchant.sandbox.advanceClock(6 * 60); // auth codes live 5 minutes
    const error = await domainError(startSession(merchant.ctx, { authCode }));
    expect(error.details).toEqual({ resultCode: "EXPIRED_CODE" });
  });

  it("an unknown wallet outcome asks for a new code instead of guessing", async () => {
    const { userId } = await merchant.sandbox.createUser();
    const { authCode } = await merchant.sandbox.createAuthCode(userId, ["USER_ID"]);
    await merchant.sandbox.setFault("applyToken", "U");
    const error = await domainError(startSession(merchant.ctx, { authCode }));
    expect(error.code).toBe("WALLET_UNAVAILABLE");
    expect(ERROR_STATUS[error.code]).toBe(503);
  });
});

describe("GET /api/mini/me (getProfile)", () => {
  it("returns only what the granted scopes release", async () => {
    const narrow = await merchant.newCustomer({ scopes: ["USER_ID"] });
    const wide = await merchant.newCustomer({ scopes: ["USER_ID", "USER_NAME", "USER_CONTACTINFO"] });
    const narrowProfile = await getProfile(merchant.ctx, narrow.customerId);
    const wideProfile = await getProfile(merchant.ctx, wide.customerId);
    expect(Object.keys(narrowProfile.userInfo)).toEqual(["userId"]);
    expect(wideProfile.userInfo).toHaveProperty("userName");
    expect(wideProfile.userInfo).toHaveProperty("contactInfos");
  });

  it("refreshes an access token the wallet says expired, once, even for concurrent requests", async () => {
    const customer = await merchant.newCustomer();
    const before = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({
      where: { customerId: customer.customerId },
    });
    const refreshesBefore = await merchant.walletCalls("applyToken");
    await merchant.sandbox.advanceClock(61 * 60); // past the sandbox's 1 h access-token lifetime

    const profiles = await Promise.all(
      Array.from({ length: 5 }, () => getProfile(merchant.ctx, customer.customerId)),
    );
    expect(
      profiles.map((profile) => profile.userInfo.userId).filter((userId) => !userId),
      "profiles without a userId",
    ).toEqual([]);
    // Exactly one REFRESH_TOKEN exchange for the five requests.
    const refreshes = await merchant.ctx.prisma.walletCall.findMany({
      where: { operation: "applyToken", requestBody: { path: ["grantType"], equals: "REFRESH_TOKEN" } },
    });
    expect(refreshes).toHaveLength(1);
    expect(await merchant.walletCalls("applyToken")).toBe(refreshesBefore + 1);
    const after = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({
      where: { customerId: customer.customerId },
    });
    expect(after.version).toBe(before.version + 1);
  });

  it("a dead refresh token means re-authorize (401), and the customer is marked", async () => {
    const customer = await merchant.newCustomer();
    await merchant.sandbox.advanceClock(31 * 24 * 3600); // past the 30-day refresh token
    const error = await domainError(getProfile(merchant.ctx, customer.customerId));
    expect(error.code).toBe("REAUTHORIZE");
    expect(ERROR_STATUS[error.code]).toBe(401);
    const stored = await merchant.ctx.prisma.customer.findUniqueOrThrow({
      where: { id: customer.customerId },
    });
    expect(stored).toMatchObject({
      needsReauthorization: true,
      reauthorizationReason: "EXPIRED_REFRESH_TOKEN",
    });
  });

  it("a slow token refresh holds no transaction or lock while the wallet thinks", async () => {
    const customer = await merchant.newCustomer();
    await merchant.sandbox.advanceClock(61 * 60);
    await merchant.sandbox.settings({ operationLatencyMs: 1_500 });
    try {
      const profiles = Promise.all(
        Array.from({ length: 4 }, () => getProfile(merchant.ctx, customer.customerId)),
      );
      // inquiryUserInfo answers EXPIRED_ACCESS_TOKEN after 1.5 s, then the refresh takes 1.5 s. From
      // the moment the refresh lease is taken (the wallet is being asked) until it is given back,
      // nothing of ours may sit in an open transaction or wait on a lock: watched the whole time.
      // The wrong implementation this catches: the token row locked (FOR UPDATE) in a transaction
      // around the applyToken call (tried: the watch saw it "idle in transaction"). Only a state held
      // for a second counts: the short transaction that stores the new tokens and ends the lease runs
      // while the lease still looks held from here (one CI run caught it between its statements; a
      // busy machine can stall it for a moment), and the wrong one is held for the wallet's whole 1.5 s.
      const leaseHeld = async () =>
        (
          await merchant.ctx.prisma.walletToken.findUniqueOrThrow({
            where: { customerId: customer.customerId },
          })
        ).refreshLeaseUntil !== null;
      await waitUntil(leaseHeld, {
        timeoutMs: 30_000,
        what: "the refresh lease to be taken",
        intervalMs: 20,
      });
      let samples = 0;
      while (await leaseHeld()) {
        const open = await merchant.ctx.prisma.$queryRaw<{ state: string; query: string }[]>`
          SELECT state, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (state LIKE 'idle in transaction%' OR wait_event_type = 'Lock')
            AND now() - state_change > interval '1 second'`;
        expect(open, "our sessions in a transaction or waiting on a lock during the refresh").toEqual([]);
        samples += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The wallet took 1.5 s over the refresh: the watch saw it whole, not one moment of it.
      expect(samples, "checks made while the refresh was under way").toBeGreaterThanOrEqual(3);
      expect(
        (await profiles).map((profile) => profile.userInfo.userId).filter((userId) => !userId),
        "profiles without a userId",
      ).toEqual([]);
    } finally {
      await merchant.sandbox.settings({ operationLatencyMs: 0 });
    }
    const after = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({
      where: { customerId: customer.customerId },
    });
    // One refresh for the four requests, and the lease is gone with it.
    expect(after).toMatchObject({ version: 1, refreshLeaseUntil: null, refreshLeaseOwner: null });
  });

  it("a refresher that died mid-call leaves a lease that lapses; the next caller refreshes", async () => {
    const customer = await merchant.newCustomer();
    await merchant.sandbox.advanceClock(61 * 60);
    // A lease that a crashed process left behind, already past its end.
    await merchant.ctx.prisma.walletToken.update({
      where: { customerId: customer.customerId },
      data: { refreshLeaseUntil: new Date(merchant.ctx.now().getTime() - 1_000), refreshLeaseOwner: "gone" },
    });
    const profile = await getProfile(merchant.ctx, customer.customerId);
    expect(profile.userInfo.userId).toBeDefined();
    const after = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({
      where: { customerId: customer.customerId },
    });
    expect(after).toMatchObject({ version: 1, refreshLeaseOwner: null });
  });
});
