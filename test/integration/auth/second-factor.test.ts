// Two-step sign-in against the real database, through the console's API and the sign-in itself:
// enrolment (a secret that is in force only once a code from it is typed back, then ten recovery
// codes shown once), the code step after the password, each TOTP step and each recovery code good
// for one sign-in (also when two race), and an ADMIN's reset, which ends the operator's sessions.
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeOperator } from "@/lib/operators/sign-in/authorize-operator";
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

const address = distinctAddress;

function signIn(email: string, code?: string) {
  return authorizeOperator(
    { email, password: TEST_OPERATOR_PASSWORD, ...(code === undefined ? {} : { code }) },
    { "x-forwarded-for": address() },
  ).then(
    (user) => ({ ok: true as const, user }),
    (error: Error) => ({ ok: false as const, error: error.message }),
  );
}

/** The code an authenticator app with this secret shows `offsetSteps` steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** An operator with two-step sign-in on: the secret and the recovery codes, as the API gave them. */
async function enrolled(): Promise<{
  operator: TestOperator;
  secret: string;
  enrolCode: string;
  recoveryCodes: string[];
}> {
  const operator = await createTestOperator(app.db.prisma, "FINANCE");
  const started = await app.call("POST", "/api/admin/me/second-factor", {
    headers: operator.browser(app.url),
  });
  expect(started.status).toBe(200);
  expect(started.headers.get("cache-control")).toBe("no-store");
  const { secret, qrSvg, uri } = (await started.json()) as { secret: string; qrSvg: string; uri: string };
  expect(qrSvg).toMatch(/^<svg /);
  expect(uri).toContain(`secret=${secret}`);
  const enrolCode = codeOf(secret);
  const confirmed = await app.call("POST", "/api/admin/me/second-factor/confirm", {
    headers: operator.browser(app.url),
    json: { code: enrolCode },
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { operator, secret, enrolCode, recoveryCodes };
}

describe("two-step sign-in", () => {
  it("is in force only once a code from the app is typed back; the secret never leaves the server again", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    await app.call("POST", "/api/admin/me/second-factor", { headers: operator.browser(app.url) });
    // Not confirmed: the password alone still signs in.
    expect(await signIn(operator.email)).toMatchObject({ ok: true });
    const wrong = await app.call("POST", "/api/admin/me/second-factor/confirm", {
      headers: operator.browser(app.url),
      json: { code: "000000" },
    });
    expect(wrong.status).toBe(400);

    const { operator: on, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await app.db.prisma.recoveryCode.findMany({ where: { operatorId: on.id } });
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);
    const list = await (await app.call("GET", "/api/admin/operators", { headers: admin.script() })).text();
    const row = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: on.id } });
    expect(list).not.toContain(row.totpSecret as string);
    expect(list).not.toContain("totpSecret");
    const again = await app.call("POST", "/api/admin/me/second-factor", { headers: on.browser(app.url) });
    expect(again.status).toBe(409);
  });

  it("asks for a code after the right password; each code signs in once", async () => {
    const { operator, secret, enrolCode } = await enrolled();
    expect(await signIn(operator.email)).toEqual({ ok: false, error: "CODE_REQUIRED" });
    // The right password alone is no sign-in: it is not recorded as one.
    const halfway = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
    expect(halfway.lastLoginAt).toBeNull();
    // The enrolment spent its code's step; a later step's code is accepted (a phone 30 s ahead).
    expect(await signIn(operator.email, enrolCode)).toEqual({ ok: false, error: "CODE_INVALID" });
    const next = codeOf(secret, 1);
    expect(await signIn(operator.email, next)).toMatchObject({ ok: true, user: { id: operator.id } });
    expect(await signIn(operator.email, next)).toEqual({ ok: false, error: "CODE_INVALID" });
    expect(await signIn(operator.email, "123456")).toEqual({ ok: false, error: "CODE_INVALID" });
    const audit = await app.db.prisma.auditEntry.findMany({
      where: { subjectId: operator.id, action: { startsWith: "operator." } },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toContain("operator.second-factor-on");
    expect(audit.filter((entry) => entry.action === "operator.sign-in").at(-1)?.after).toMatchObject({
      secondFactor: "TOTP",
    });
  });

  it("takes a recovery code once, also when two sign-ins race with it", async () => {
    const { operator, recoveryCodes } = await enrolled();
    const [first, second] = recoveryCodes as [string, string];
    expect(await signIn(operator.email, first.toUpperCase())).toMatchObject({ ok: true });
    expect(await signIn(operator.email, first)).toEqual({ ok: false, error: "CODE_INVALID" });
    const racing = await Promise.all([signIn(operator.email, second), signIn(operator.email, second)]);
    expect(racing.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await app.db.prisma.recoveryCode.count({ where: { operatorId: operator.id, usedAt: null } })).toBe(
      8,
    );
  });

  it("an ADMIN's reset turns it off and ends the operator's sessions; an OPERATOR may not reset", async () => {
    const { operator } = await enrolled();
    const listOrders = () => app.call("GET", "/api/admin/orders", { headers: operator.script() });
    expect((await listOrders()).status).toBe(200);
    const refused = await app.call("DELETE", `/api/admin/operators/${operator.id}/second-factor`, {
      headers: operator.browser(app.url),
    });
    expect(refused.status).toBe(403);
    const reset = await app.call("DELETE", `/api/admin/operators/${operator.id}/second-factor`, {
      headers: admin.browser(app.url),
    });
    expect(await reset.json()).toEqual({ secondFactor: false, sessionsEnded: 1, apiKeysRevoked: 0 });
    expect((await listOrders()).status).toBe(401);
    expect(await signIn(operator.email)).toMatchObject({ ok: true });
    const row = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await app.db.prisma.recoveryCode.count({ where: { operatorId: operator.id } })).toBe(0);
  });

  it("an API key cannot set up a second factor for its maker", async () => {
    const created = await app.call("POST", "/api/admin/api-keys", {
      headers: admin.browser(app.url),
      json: { name: "script", role: "VIEWER", expiresInDays: 1 },
    });
    const { secret } = (await created.json()) as { secret: string };
    const answer = await app.call("POST", "/api/admin/me/second-factor", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(answer.status).toBe(403);
  });
});

describe("a role that requires a second factor", () => {
  it("keeps an operator without one to their own account until they enrol, then lets them work", async () => {
    const role = await app.db.prisma.role.create({
      data: {
        key: "NIGHT_SHIFT",
        name: "Night shift",
        permissions: ["orders.read"],
        requireSecondFactor: true,
      },
    });
    const operator = await createTestOperator(app.db.prisma, role.key);
    const orders = () => app.call("GET", "/api/admin/orders", { headers: operator.script() });
    const refused = await orders();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: "FORBIDDEN", details: { reason: "SECOND_FACTOR_REQUIRED" } },
    });
    // Their own account still answers: that is where they enrol.
    expect((await app.call("GET", "/api/admin/sessions", { headers: operator.script() })).status).toBe(200);
    const started = await app.call("POST", "/api/admin/me/second-factor", {
      headers: operator.browser(app.url),
    });
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await app.call("POST", "/api/admin/me/second-factor/confirm", {
      headers: operator.browser(app.url),
      json: { code: codeOf(secret) },
    });
    expect(confirmed.status).toBe(200);
    expect((await orders()).status).toBe(200);

    // An admin's reset puts them back before the enrolment, and the change is audited.
    const reset = await app.call("DELETE", `/api/admin/operators/${operator.id}/second-factor`, {
      headers: admin.browser(app.url),
    });
    expect(reset.status).toBe(200);
    const again = await createTestOperator(app.db.prisma, role.key);
    expect((await app.call("GET", "/api/admin/orders", { headers: again.script() })).status).toBe(403);
  });
});
