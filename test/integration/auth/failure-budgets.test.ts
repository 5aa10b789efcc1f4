// Failed sign-ins against the real database and Redis, as next-auth's credentials provider calls the
// sign-in: wrong passwords, wrong TOTP codes and wrong recovery codes spend the same budgets — per
// e-mail and address (an IPv6 client's whole /64), and per e-mail from anywhere — and the budget is
// checked and spent in one step, so guesses sent at once are not all tried. "Tried" is measured by
// what only a tried guess leaves behind: the operator's failed sign-ins and the refusals in the
// audit log. Successful sign-ins and the page asking for a code spend nothing.
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeOperator } from "@/lib/operators/sign-in/authorize-operator";
import { SIGN_IN_FAILURES } from "@/lib/operators/sign-in/sign-in-failures";
import { distinctAddress } from "@/test/support/addresses";
import { createTestOperator, TEST_OPERATOR_PASSWORD, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let admin: TestOperator;
beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
});
afterAll(() => app?.close());

const PER_ADDRESS = SIGN_IN_FAILURES.perAddress.limit;
const PER_ACCOUNT = SIGN_IN_FAILURES.perAccount.limit;

type Answer = { ok: true; user: { id: string } } | { ok: false; error: string };

function signIn(
  email: string,
  from: string,
  { password = TEST_OPERATOR_PASSWORD, code }: { password?: string; code?: string } = {},
): Promise<Answer> {
  return authorizeOperator(
    { email, password, ...(code === undefined ? {} : { code }) },
    { "x-forwarded-for": from, "user-agent": "test" },
  ).then(
    (user) => ({ ok: true as const, user: user as { id: string } }),
    (error: Error) => ({ ok: false as const, error: error.message }),
  );
}

const errors = (answers: Answer[]): string[] =>
  answers.map((answer) => (answer.ok ? "OK" : (answer.error.split(":")[0] ?? "")));
const count = (list: string[], what: string) => list.filter((item) => item === what).length;

/** A random IPv6 /64 (four groups); `${net}::1`, `${net}:ffff::2` … are all in it. */
function ipv6Network(): string {
  const group = () => Math.floor(Math.random() * 0xffff).toString(16);
  return `2001:db8:${group()}:${group()}`;
}

async function failedSignIns(operatorId: string): Promise<number> {
  return (await app.db.prisma.operator.findUniqueOrThrow({ where: { id: operatorId } })).failedSignIns;
}

async function refusalsAudited(operatorId: string): Promise<number> {
  return app.db.prisma.auditEntry.count({
    where: { subjectId: operatorId, action: "operator.sign-in-refused" },
  });
}

/** An operator with two-step sign-in on, enrolled through the console's API. */
async function enrolled(): Promise<{ operator: TestOperator; secret: string; recoveryCodes: string[] }> {
  const operator = await createTestOperator(app.db.prisma, "FINANCE");
  const started = await app.call("POST", "/api/admin/me/second-factor", {
    headers: operator.browser(app.url),
  });
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await app.call("POST", "/api/admin/me/second-factor/confirm", {
    headers: operator.browser(app.url),
    json: { code: new TOTP({ secret, period: 30 }).generate() },
  });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { operator, secret, recoveryCodes };
}

/** A six-digit code that is not the app's now, nor a step either side. */
function wrongCode(secret: string, seed: number): string {
  const totp = new TOTP({ secret, period: 30 });
  const valid = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  for (let n = seed; ; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

describe("guesses sent at once", () => {
  it("ten wrong passwords at once from one address: five are tried, five wait", async () => {
    const operator = await createTestOperator(app.db.prisma, "FINANCE");
    const from = distinctAddress();
    const answers = errors(
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(operator.email, from, { password: `guess ${i}` })),
      ),
    );
    expect(count(answers, "INVALID")).toBe(PER_ADDRESS);
    expect(count(answers, "LOCKED")).toBe(10 - PER_ADDRESS);
    expect(await failedSignIns(operator.id)).toBe(PER_ADDRESS);
    expect(await refusalsAudited(operator.id)).toBe(PER_ADDRESS);
  });

  it("ten at once for an e-mail that is no operator's are answered the same way", async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@shop.example`;
    const from = distinctAddress();
    const answers = errors(await Promise.all(Array.from({ length: 10 }, () => signIn(email, from))));
    expect(count(answers, "INVALID")).toBe(PER_ADDRESS);
    expect(count(answers, "LOCKED")).toBe(10 - PER_ADDRESS);
  });

  it("ten wrong TOTP codes at once after the right password: five are tried, and counted", async () => {
    const { operator, secret } = await enrolled();
    const from = distinctAddress();
    const answers = errors(
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signIn(operator.email, from, { code: wrongCode(secret, i * 104_729) }),
        ),
      ),
    );
    expect(count(answers, "CODE_INVALID")).toBe(PER_ADDRESS);
    expect(count(answers, "LOCKED")).toBe(10 - PER_ADDRESS);
    expect(await failedSignIns(operator.id)).toBe(PER_ADDRESS);
    expect(await refusalsAudited(operator.id)).toBe(PER_ADDRESS);
    // Even the right code now waits, from that address.
    const right = new TOTP({ secret, period: 30 }).generate();
    expect(await signIn(operator.email, from, { code: right })).toMatchObject({
      ok: false,
      error: /^LOCKED:\d+$/,
    });
  });

  it("ten wrong recovery codes at once: five are tried, and counted; no code is spent", async () => {
    const { operator } = await enrolled();
    const from = distinctAddress();
    const guesses = Array.from({ length: 10 }, (_, i) => `abcde-${String(10_000 + i).slice(1)}x`);
    const answers = errors(await Promise.all(guesses.map((code) => signIn(operator.email, from, { code }))));
    expect(count(answers, "CODE_INVALID")).toBe(PER_ADDRESS);
    expect(count(answers, "LOCKED")).toBe(10 - PER_ADDRESS);
    expect(await failedSignIns(operator.id)).toBe(PER_ADDRESS);
    expect(await app.db.prisma.recoveryCode.count({ where: { operatorId: operator.id, usedAt: null } })).toBe(
      10,
    );
  });

  it("ten wrong codes at once from ten addresses of one IPv6 /64 share one budget", async () => {
    const { operator, secret } = await enrolled();
    const net = ipv6Network();
    const spellings = [
      `${net}::1`,
      `${net}::2`,
      `${net}:0:0:0:3`,
      `${net.toUpperCase()}::4`,
      `${net}:ffff:ffff:ffff:ffff`,
      `${net}:1:2:3:4`,
      `${net}::a:b`,
      `${net}:0000:0000:0000:0005`,
      `${net}::dead:beef`,
      `${net}::6`,
    ];
    const answers = errors(
      await Promise.all(
        spellings.map((from, i) => signIn(operator.email, from, { code: wrongCode(secret, 31 * i + 5) })),
      ),
    );
    expect(count(answers, "CODE_INVALID")).toBe(PER_ADDRESS);
    expect(count(answers, "LOCKED")).toBe(10 - PER_ADDRESS);
    expect(await failedSignIns(operator.id)).toBe(PER_ADDRESS);
    // The next /64 has a budget of its own (the account's is not used up yet). The enrolment spent
    // this step's code: the next step's is the one a phone 30 s ahead shows, and is accepted.
    const right = new TOTP({ secret, period: 30 }).generate({ timestamp: Date.now() + 30_000 });
    expect(await signIn(operator.email, `${ipv6Network()}::1`, { code: right })).toMatchObject({ ok: true });
  });
});

describe("the account's own budget, from anywhere", () => {
  it("ten wrong passwords, each from an address of its own, lock the account everywhere", async () => {
    const operator = await createTestOperator(app.db.prisma, "FINANCE");
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect(await signIn(operator.email, distinctAddress(), { password: `guess ${i}` })).toEqual({
        ok: false,
        error: "INVALID",
      });
    }
    // From a fresh address, right password or wrong: the same answer, so it tells nothing.
    const right = await signIn(operator.email, distinctAddress());
    const wrong = await signIn(operator.email, distinctAddress(), { password: "another guess" });
    expect(right).toMatchObject({ ok: false, error: /^ACCOUNT_LOCKED:\d+$/ });
    expect(errors([wrong])).toEqual(errors([right]));
    const seconds = Number((right as { error: string }).error.split(":")[1]);
    expect(seconds).toBeGreaterThan(SIGN_IN_FAILURES.perAccount.windowMs / 1000 - 60);
    expect(seconds).toBeLessThanOrEqual(SIGN_IN_FAILURES.perAccount.windowMs / 1000);
    expect(await failedSignIns(operator.id)).toBe(PER_ACCOUNT);
  });

  it("wrong codes from many /64s, sent at once, are tried at most the account's budget", async () => {
    const { operator, secret } = await enrolled();
    const answers = errors(
      await Promise.all(
        Array.from({ length: 2 * PER_ACCOUNT }, (_, i) =>
          signIn(operator.email, `${ipv6Network()}::${i + 1}`, { code: wrongCode(secret, 7 * i + 11) }),
        ),
      ),
    );
    expect(count(answers, "CODE_INVALID")).toBe(PER_ACCOUNT);
    expect(count(answers, "ACCOUNT_LOCKED")).toBe(PER_ACCOUNT);
    expect(await failedSignIns(operator.id)).toBe(PER_ACCOUNT);
    const right = new TOTP({ secret, period: 30 }).generate();
    expect(await signIn(operator.email, `${ipv6Network()}::1`, { code: right })).toMatchObject({
      ok: false,
      error: /^ACCOUNT_LOCKED:/,
    });
  });

  it("passwords, codes and recovery codes all spend it; an e-mail that is no operator's locks alike", async () => {
    const { operator, secret } = await enrolled();
    const kinds = [{ password: "wrong" }, { code: wrongCode(secret, 3) }, { code: "zzzzz-zzzzz" }];
    for (let i = 0; i < PER_ACCOUNT; i++) {
      await signIn(operator.email, distinctAddress(), kinds[i % kinds.length]);
    }
    expect(await failedSignIns(operator.id)).toBe(PER_ACCOUNT);
    expect(await signIn(operator.email, distinctAddress(), { code: "zzzzz-zzzzz" })).toMatchObject({
      error: /^ACCOUNT_LOCKED:/,
    });
    const nobody = `nobody-${crypto.randomUUID().slice(0, 8)}@shop.example`;
    for (let i = 0; i < PER_ACCOUNT; i++) await signIn(nobody, distinctAddress());
    expect(await signIn(nobody, distinctAddress())).toMatchObject({ error: /^ACCOUNT_LOCKED:/ });
  });

  it("an ADMIN's Unlock ends the lock and the count on the Operators page", async () => {
    const operator = await createTestOperator(app.db.prisma, "FINANCE");
    for (let i = 0; i < PER_ACCOUNT; i++)
      await signIn(operator.email, distinctAddress(), { password: `g${i}` });
    const listed = await app.call("GET", "/api/admin/operators", { headers: admin.script() });
    const { operators } = (await listed.json()) as { operators: { id: string; failedSignIns: number }[] };
    expect(operators.find((row) => row.id === operator.id)?.failedSignIns).toBe(PER_ACCOUNT);
    expect(await signIn(operator.email, distinctAddress())).toMatchObject({ error: /^ACCOUNT_LOCKED:/ });
    const unlocked = await app.call("PATCH", `/api/admin/operators/${operator.id}`, {
      headers: admin.browser(app.url),
      json: { unlock: true },
    });
    expect(unlocked.status).toBe(200);
    expect(await signIn(operator.email, distinctAddress())).toMatchObject({ ok: true });
    expect(await failedSignIns(operator.id)).toBe(0);
  });
});

describe("what spends nothing", () => {
  it("right passwords, and the page asking for a code, never use the budgets up", async () => {
    const plain = await createTestOperator(app.db.prisma, "FINANCE");
    const { operator: withCode } = await enrolled();
    const [shop, home] = [distinctAddress(), distinctAddress()];
    for (let i = 0; i < PER_ACCOUNT + 2; i++) {
      expect(await signIn(plain.email, i % 2 ? shop : distinctAddress())).toMatchObject({ ok: true });
      expect(await signIn(withCode.email, i % 2 ? home : distinctAddress())).toEqual({
        ok: false,
        error: "CODE_REQUIRED",
      });
    }
    expect(await failedSignIns(withCode.id)).toBe(0);
  });

  it("a success from the address that failed forgets that address's failures, not the account's", async () => {
    const operator = await createTestOperator(app.db.prisma, "FINANCE");
    const from = distinctAddress();
    for (let i = 0; i < PER_ADDRESS - 1; i++) await signIn(operator.email, from, { password: `g${i}` });
    expect(await signIn(operator.email, from)).toMatchObject({ ok: true });
    for (let i = 0; i < PER_ADDRESS - 1; i++) await signIn(operator.email, from, { password: `h${i}` });
    // 8 failures in all, below the account's 10: still free to sign in from here.
    expect(await signIn(operator.email, from)).toMatchObject({ ok: true });
    for (let i = 0; i < 2; i++) await signIn(operator.email, distinctAddress(), { password: `k${i}` });
    expect(await signIn(operator.email, distinctAddress())).toMatchObject({ error: /^ACCOUNT_LOCKED:/ });
  });
});
