// API keys for scripts, through the console's API as Next.js calls it (the route harness): made by an
// ADMIN with a name, a role and an expiry; the secret shown once and stored only as a hash; accepted
// as `Authorization: Bearer`; acting for their maker with at most the maker's current role; refused
// once revoked or expired or when the maker is disabled; their use and their changes audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/operators/api-keys/authenticate-api-key";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let admin: TestOperator;

beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
});
afterAll(() => app?.close());

interface CreatedKey {
  id: string;
  secret: string;
  prefix: string;
  role: string;
  state: string;
}

async function makeKey(
  by: TestOperator,
  input: { name?: string; role: string; expiresInDays?: number },
): Promise<CreatedKey> {
  const response = await app.call("POST", "/api/admin/api-keys", {
    headers: by.browser(app.url),
    json: { name: input.name ?? "a script", role: input.role, expiresInDays: input.expiresInDays ?? 30 },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as CreatedKey;
}

const withKey = (secret: string) => ({ Authorization: `Bearer ${secret}` });

describe("making a key", () => {
  it("shows the secret once; only its hash is stored, and lists never show either", async () => {
    const key = await makeKey(admin, { name: "nightly CSV export", role: "VIEWER", expiresInDays: 90 });
    expect(key.secret).toMatch(/^wmk_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ role: "VIEWER", state: "ACTIVE" });

    const stored = await app.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.secretHash).toBe(hashApiKey(key.secret));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(90 * 24 * 3600 * 1000);

    const list = await app.call("GET", "/api/admin/api-keys", { headers: admin.script() });
    const text = await list.text();
    expect(text).toContain(key.id);
    expect(text, "the list names no secret").not.toContain(key.secret);
    expect(text, "nor its hash").not.toContain(stored.secretHash);
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { subjectId: key.id } });
    expect(audit.action).toBe("api-key.create");
    expect(JSON.stringify(audit), "the audit trail names no secret").not.toContain(key.secret);
  });

  it("is for admins only, and refuses a key without an end", async () => {
    const operator = await createTestOperator(app.db.prisma, "FINANCE");
    const refused = await app.call("POST", "/api/admin/api-keys", {
      headers: operator.browser(app.url),
      json: { name: "mine", role: "FINANCE", expiresInDays: 30 },
    });
    expect(refused.status).toBe(403);
    const forever = await app.call("POST", "/api/admin/api-keys", {
      headers: admin.browser(app.url),
      json: { name: "forever", role: "VIEWER", expiresInDays: 3650 },
    });
    expect(forever.status).toBe(400);
  });
});

describe("using a key", () => {
  it("reads with a VIEWER key, and is refused a write its role does not reach", async () => {
    const key = await makeKey(admin, { role: "VIEWER" });
    const list = await app.call("GET", "/api/admin/orders", { headers: withKey(key.secret) });
    expect(list.status).toBe(200);
    const { orderId } = await app.paidOrder();
    const refund = await app.call("POST", `/api/admin/orders/${orderId}/reconcile`, {
      headers: { ...withKey(key.secret), "Idempotency-Key": crypto.randomUUID() },
      json: {},
    });
    expect(refund.status).toBe(403);
  });

  it("acts for its maker, audited as through this key, and shows when it was last used", async () => {
    const key = await makeKey(admin, { name: "reconciler", role: "FINANCE" });
    const { orderId } = await app.paidOrder();
    const reconcile = await app.call("POST", `/api/admin/orders/${orderId}/reconcile`, {
      headers: { ...withKey(key.secret), "Idempotency-Key": crypto.randomUUID() },
      json: {},
    });
    expect(reconcile.status, await reconcile.clone().text()).toBe(200);
    const entry = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { orderId, action: "order.reconcile" },
    });
    expect(entry).toMatchObject({ operatorId: admin.id, operatorEmail: admin.email, apiKeyId: key.id });
    const stored = await app.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.lastUsedAt).toBeInstanceOf(Date);
  });

  it("is never more than its maker is now: demoted, the maker's OPERATOR key only reads", async () => {
    const maker = await createTestOperator(app.db.prisma, "ADMIN");
    const key = await makeKey(maker, { role: "FINANCE" });
    await app.db.prisma.operator.update({ where: { id: maker.id }, data: { role: "VIEWER" } });
    const { orderId } = await app.paidOrder();
    const write = await app.call("POST", `/api/admin/orders/${orderId}/reconcile`, {
      headers: { ...withKey(key.secret), "Idempotency-Key": crypto.randomUUID() },
      json: {},
    });
    expect(write.status).toBe(403);
    expect((await app.call("GET", "/api/admin/orders", { headers: withKey(key.secret) })).status).toBe(200);
  });

  it("is refused once revoked, once expired, when its maker is disabled, and when unknown", async () => {
    const unauthorized = async (secret: string) =>
      (await app.call("GET", "/api/admin/orders", { headers: withKey(secret) })).status;

    const revoked = await makeKey(admin, { role: "VIEWER" });
    expect(await unauthorized(revoked.secret)).toBe(200);
    const revoke = await app.call("DELETE", `/api/admin/api-keys/${revoked.id}`, {
      headers: admin.browser(app.url),
    });
    expect(await revoke.json()).toMatchObject({ state: "REVOKED", revokedAt: expect.any(String) });
    expect(await unauthorized(revoked.secret)).toBe(401);

    const expired = await makeKey(admin, { role: "VIEWER" });
    await app.db.prisma.apiKey.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await unauthorized(expired.secret)).toBe(401);

    const maker = await createTestOperator(app.db.prisma, "ADMIN");
    const orphaned = await makeKey(maker, { role: "VIEWER" });
    await app.db.prisma.operator.update({ where: { id: maker.id }, data: { disabledAt: new Date() } });
    expect(await unauthorized(orphaned.secret)).toBe(401);

    expect(await unauthorized(`wmk_${"A".repeat(43)}`)).toBe(401);
  });

  it("needs no Origin check: a script sends it itself, a browser never does", async () => {
    const key = await makeKey(admin, { role: "ADMIN" });
    const { orderId } = await app.paidOrder();
    const reconcile = await app.call("POST", `/api/admin/orders/${orderId}/reconcile`, {
      headers: {
        ...withKey(key.secret),
        Origin: "https://elsewhere.example",
        "Idempotency-Key": crypto.randomUUID(),
      },
      json: {},
    });
    expect(reconcile.status, await reconcile.clone().text()).toBe(200);
  });
});

describe("what only a person signed in does", () => {
  // Even an ADMIN key of an ADMIN: a key that could add a passkey, make an operator or make keys
  // would hand whoever holds it a console session or a credential that outlives the key.
  it("an ADMIN key cannot touch its maker's sign-in, manage operators or make keys, and still works for the rest", async () => {
    const maker = await createTestOperator(app.db.prisma, "ADMIN");
    const key = await makeKey(maker, { role: "ADMIN" });
    const other = await createTestOperator(app.db.prisma, "SUPPORT");
    const asKey = (method: string, path: string, json?: unknown) =>
      app.call(method, path, { headers: withKey(key.secret), ...(json === undefined ? {} : { json }) });
    const refused: [string, string, unknown?][] = [
      ["POST", "/api/admin/me/passkeys/options"],
      ["GET", "/api/admin/me/passkeys"],
      ["POST", "/api/admin/me/second-factor"],
      ["GET", "/api/admin/sessions"],
      ["POST", "/api/admin/sessions/end-others"],
      ["POST", "/api/admin/api-keys", { name: "another", role: "VIEWER", expiresInDays: 7 }],
      ["GET", "/api/admin/operators"],
      [
        "POST",
        "/api/admin/operators",
        { email: "new@shop.example", name: "New", role: "ADMIN", password: "a long enough password 1" },
      ],
      ["PATCH", `/api/admin/operators/${other.id}`, { password: "another long password 2" }],
      ["DELETE", `/api/admin/operators/${other.id}/second-factor`],
      ["GET", "/api/admin/roles"],
    ];
    for (const [method, path, json] of refused) {
      const answer = await asKey(method, path, json);
      const body = await answer.clone().text();
      expect(answer.status, `${method} ${path}: ${body}`).toBe(403);
      expect(JSON.parse(body).error.details, `${method} ${path}`).toMatchObject({ reason: "SIGNED_IN_ONLY" });
    }
    expect(await app.db.prisma.passkey.count({ where: { operatorId: maker.id } })).toBe(0);
    expect(await app.db.prisma.apiKey.count({ where: { operatorId: maker.id } })).toBe(1);
    expect(await app.db.prisma.operator.count({ where: { email: "new@shop.example" } })).toBe(0);

    const keys = await asKey("GET", "/api/admin/api-keys");
    expect(keys.status, "integrations.manage still reaches the list").toBe(200);
    expect((await asKey("GET", "/api/admin/orders")).status).toBe(200);
    const signedIn = await app.call("GET", "/api/admin/sessions", { headers: maker.script() });
    expect(signedIn.status, "the maker, signed in, reaches their own account").toBe(200);
  });
});
