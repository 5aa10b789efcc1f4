// API keys belong to the person who made them, through the console's API as Next.js calls it:
// whatever says their account may be in other hands — a new password (their own change or an
// admin's), a second-factor reset, an admin ending their sessions, disabling them — revokes their
// keys with the reason, audited; a role that starts requiring a second factor they lack suspends their
// keys (403 API_KEY_SUSPENDED) until they enrol. What does not say so (a new role, signing out their
// own other sessions) leaves the keys be, and nobody else's keys are touched.
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOperator, signInAgain, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { softwarePasskey } from "@/test/support/software-passkey";

let app: RouteHarness;
let admin: TestOperator;

beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
});
afterAll(() => app?.close());

async function makeKey(by: TestOperator, role = "VIEWER"): Promise<{ id: string; secret: string }> {
  const made = await app.call("POST", "/api/admin/api-keys", {
    headers: by.browser(app.url),
    json: { name: `script ${crypto.randomUUID().slice(0, 4)}`, role, expiresInDays: 30 },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  return (await made.json()) as { id: string; secret: string };
}

const readOrders = (secret: string) =>
  app.call("GET", "/api/admin/orders", { headers: { Authorization: `Bearer ${secret}` } });

async function stored(keyId: string) {
  return app.db.prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });
}

async function listed(keyId: string, viewer: TestOperator = admin) {
  const answer = await app.call("GET", "/api/admin/api-keys", { headers: viewer.browser(app.url) });
  const { apiKeys } = (await answer.json()) as {
    apiKeys: { id: string; state: string; revokedReason: string }[];
  };
  return apiKeys.find((key) => key.id === keyId);
}

/** A maker with two keys, and a bystander's key that nothing here may touch. */
async function makerWithKeys(role = "ADMIN") {
  const maker = await createTestOperator(app.db.prisma, role);
  const keys = [await makeKey(maker), await makeKey(maker)];
  for (const key of keys) expect((await readOrders(key.secret)).status).toBe(200);
  return { maker, keys };
}

const bystander = async () => makeKey(await createTestOperator(app.db.prisma, "ADMIN"));

async function expectRevoked(keys: { id: string; secret: string }[], reason: string) {
  for (const key of keys) {
    expect((await readOrders(key.secret)).status, `${reason}: the key no longer works`).toBe(401);
    const row = await stored(key.id);
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect(row.revokedReason).toBe(reason);
    expect(await listed(key.id)).toMatchObject({ state: "REVOKED", revokedReason: reason });
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: key.id, action: "api-key.revoke" },
    });
    expect(audit.after).toMatchObject({ state: "REVOKED", revokedReason: reason });
  }
}

describe("a maker's troubles revoke their keys", () => {
  it.each([
    [
      "their own password change",
      "self",
      { password: "a brand new passphrase 2026" },
      "MAKER_PASSWORD_CHANGED",
    ],
    [
      "a password an admin sets",
      "admin",
      { password: "another new passphrase 2026" },
      "MAKER_PASSWORD_CHANGED",
    ],
    ["being disabled", "admin", { disabled: true }, "MAKER_DISABLED"],
  ] as const)("%s", async (_what, by, change, reason) => {
    const { maker, keys } = await makerWithKeys();
    const other = await bystander();
    const actor = by === "self" ? maker : admin;
    const changed = await app.call("PATCH", `/api/admin/operators/${maker.id}`, {
      headers: actor.browser(app.url),
      json: change,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await expectRevoked(keys, reason);
    expect((await readOrders(other.secret)).status, "another operator's key").toBe(200);
    const update = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: maker.id, action: "operator.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(update.after).toMatchObject({ apiKeysRevoked: 2 });
  });

  it("enabling a disabled maker again does not bring their keys back", async () => {
    const { maker, keys } = await makerWithKeys();
    for (const disabled of [true, false]) {
      await app.call("PATCH", `/api/admin/operators/${maker.id}`, {
        headers: admin.browser(app.url),
        json: { disabled },
      });
    }
    await expectRevoked(keys, "MAKER_DISABLED");
  });

  it("an admin's reset of their second factor", async () => {
    const { maker, keys } = await makerWithKeys();
    const reset = await app.call("DELETE", `/api/admin/operators/${maker.id}/second-factor`, {
      headers: admin.browser(app.url),
    });
    expect(await reset.json()).toMatchObject({ secondFactor: false, apiKeysRevoked: 2 });
    await expectRevoked(keys, "MAKER_SECOND_FACTOR_RESET");
  });

  it("an admin ending one of their sessions", async () => {
    const { maker, keys } = await makerWithKeys();
    const ended = await app.call("DELETE", `/api/admin/sessions/${maker.sessionId}`, {
      headers: admin.browser(app.url),
    });
    expect(ended.status, await ended.clone().text()).toBe(200);
    await expectRevoked(keys, "MAKER_SESSIONS_ENDED");
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: maker.id, action: "operator.session-end" },
    });
    expect(audit.after).toMatchObject({ apiKeysRevoked: 2 });
  });

  it("but not a new role (it narrows them), nor the maker signing out their own sessions", async () => {
    const { maker, keys } = await makerWithKeys();
    const elsewhere = await signInAgain(app.db.prisma, maker);
    const third = await signInAgain(app.db.prisma, maker);
    expect(
      (
        await app.call("DELETE", `/api/admin/sessions/${third.sessionId}`, {
          headers: maker.browser(app.url),
        })
      ).status,
    ).toBe(200);
    expect(
      (await app.call("POST", "/api/admin/sessions/end-others", { headers: maker.browser(app.url) })).status,
    ).toBe(200);
    expect((await readOrders(keys[0]?.secret as string)).status).toBe(200);
    expect((await app.call("GET", "/api/admin/orders", { headers: elsewhere.script() })).status).toBe(401);

    await app.call("PATCH", `/api/admin/operators/${maker.id}`, {
      headers: admin.browser(app.url),
      json: { role: "FINANCE" },
    });
    for (const key of keys) {
      expect((await readOrders(key.secret)).status).toBe(200);
      expect((await stored(key.id)).revokedAt).toBeNull();
    }
  });

  it("revoking by hand says so, and revoking again keeps the first time and reason", async () => {
    const { keys } = await makerWithKeys();
    const [key] = keys as [{ id: string; secret: string }];
    const first = await app.call("DELETE", `/api/admin/api-keys/${key.id}`, {
      headers: admin.browser(app.url),
    });
    expect(await first.json()).toMatchObject({ state: "REVOKED", revokedReason: "BY_OPERATOR" });
    const when = (await stored(key.id)).revokedAt;
    const again = await app.call("DELETE", `/api/admin/api-keys/${key.id}`, {
      headers: admin.browser(app.url),
    });
    expect(again.status).toBe(200);
    expect((await stored(key.id)).revokedAt).toEqual(when);
    expect(
      await app.db.prisma.auditEntry.count({ where: { subjectId: key.id, action: "api-key.revoke" } }),
    ).toBe(1);
  });
});

describe("a second-factor policy the maker does not meet suspends their keys", () => {
  const codeOf = (secret: string) => new TOTP({ secret, period: 30 }).generate({ timestamp: Date.now() });

  async function scripterRole(key: string) {
    await app.db.prisma.role.create({
      data: { key, name: key, permissions: ["orders.read", "integrations.manage"] },
    });
    return key;
  }

  async function expectSuspended(secret: string, keyId: string, viewer: TestOperator = admin) {
    const answer = await readOrders(secret);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({
      error: { code: "FORBIDDEN", details: { reason: "API_KEY_SUSPENDED" } },
    });
    expect(await listed(keyId, viewer)).toMatchObject({ state: "SUSPENDED" });
  }

  it("when their role starts requiring one: suspended (not revoked), and back once they enrol a TOTP", async () => {
    const role = await scripterRole("SCRIPTER_TOTP");
    const maker = await createTestOperator(app.db.prisma, role);
    const key = await makeKey(maker, role);
    expect((await readOrders(key.secret)).status).toBe(200);
    const used = (await stored(key.id)).lastUsedAt;

    const policy = await app.call("PATCH", `/api/admin/roles/${role}`, {
      headers: admin.browser(app.url),
      json: { requireSecondFactor: true },
    });
    expect(policy.status).toBe(200);
    await app.db.prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(0) } });
    await expectSuspended(key.secret, key.id);
    expect((await stored(key.id)).lastUsedAt, "a refused use is no use").toEqual(new Date(0));
    expect((await stored(key.id)).revokedAt).toBeNull();
    expect(used).toBeInstanceOf(Date);

    const started = await app.call("POST", "/api/admin/me/second-factor", {
      headers: maker.browser(app.url),
    });
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await app.call("POST", "/api/admin/me/second-factor/confirm", {
      headers: maker.browser(app.url),
      json: { code: codeOf(secret) },
    });
    expect(confirmed.status).toBe(200);
    expect((await readOrders(key.secret)).status).toBe(200);
    expect(await listed(key.id)).toMatchObject({ state: "ACTIVE" });
  });

  it("when every role starts requiring one: suspended, and back once they add a passkey", async () => {
    const role = await scripterRole("SCRIPTER_PASSKEY");
    const maker = await createTestOperator(app.db.prisma, role);
    const key = await makeKey(maker, role);
    const enrolled = await createTestOperator(app.db.prisma, "ADMIN");
    const enrolledKey = await makeKey(enrolled);
    await app.db.prisma.operator.update({ where: { id: enrolled.id }, data: { totpEnabledAt: new Date() } });
    try {
      // An admin with a second factor sets it, and so can still look at the keys afterwards.
      const policy = await app.call("POST", "/api/admin/roles/second-factor", {
        headers: enrolled.browser(app.url),
        json: { requireSecondFactor: true },
      });
      expect(policy.status).toBe(200);
      await expectSuspended(key.secret, key.id, enrolled);
      expect((await readOrders(enrolledKey.secret)).status, "a maker who has a second factor").toBe(200);

      const options = await app.call("POST", "/api/admin/me/passkeys/options", {
        headers: maker.browser(app.url),
      });
      const added = await app.call("POST", "/api/admin/me/passkeys", {
        headers: maker.browser(app.url),
        json: { name: "Phone", response: softwarePasskey(maker.id).register(await options.json(), app.url) },
      });
      expect(added.status, await added.clone().text()).toBe(201);
      expect((await readOrders(key.secret)).status).toBe(200);
    } finally {
      await app.db.prisma.role.updateMany({ data: { requireSecondFactor: false } });
    }
  });
});
