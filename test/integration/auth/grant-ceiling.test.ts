// The grant ceiling, through the console's API as Next.js calls it: an operator whose role holds
// `operators.manage` but little else cannot widen their own role, make a role, an operator or an API
// key holding a permission or a refund limit they lack, make an ADMIN, nor change anything of an
// operator whose role holds more than theirs (password, access, second factor, sessions). Each
// refusal is 403 with `details.reason` GRANT_EXCEEDS_OWN and changes nothing; the same requests
// within their own grants pass, and an ADMIN's all pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let admin: TestOperator;
/** The probe's role: reads orders and manages operators, nothing more. */
let small: TestOperator;
/** Refunds up to 25,000 IQD (100,000 a day) and manages operators and integrations. */
let counter: TestOperator;
/** Reads orders only. */
let reader: TestOperator;

const IQD = 1000n;

beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
  const roles = app.db.prisma.role;
  await roles.create({
    data: { key: "KEYHOLDER", name: "Keyholder", permissions: ["orders.read", "operators.manage"] },
  });
  await roles.create({ data: { key: "READER", name: "Reader", permissions: ["orders.read"] } });
  await roles.create({
    data: {
      key: "COUNTER",
      name: "Counter lead",
      permissions: ["orders.read", "orders.refund", "operators.manage", "integrations.manage"],
      refundLimitFils: 25_000n * IQD,
      dailyRefundLimitFils: 100_000n * IQD,
    },
  });
  small = await createTestOperator(app.db.prisma, "KEYHOLDER");
  counter = await createTestOperator(app.db.prisma, "COUNTER");
  reader = await createTestOperator(app.db.prisma, "READER");
});
afterAll(() => app?.close());

const as = (who: TestOperator) => (method: string, path: string, json?: unknown) =>
  app.call(method, path, { headers: who.browser(app.url), ...(json === undefined ? {} : { json }) });

async function expectRefused(answer: Response, excess: { permissions?: string[]; limits?: string[] } = {}) {
  const body = await answer.clone().text();
  expect(answer.status, body).toBe(403);
  const { error } = JSON.parse(body) as { error: { code: string; details: Record<string, unknown> } };
  expect(error).toMatchObject({ code: "FORBIDDEN", details: { reason: "GRANT_EXCEEDS_OWN" } });
  if (excess.permissions) expect(error.details.permissions).toEqual(excess.permissions);
  if (excess.limits) expect(error.details.limits).toEqual(excess.limits);
}

async function expectStatus(answer: Response, status: number) {
  expect(answer.status, await answer.clone().text()).toBe(status);
}

const newOperator = (role: string) => ({
  email: `made-${crypto.randomUUID().slice(0, 8)}@shop.example`,
  name: "Made",
  role,
  password: "a long enough password 1",
});

describe("roles", () => {
  it("a role holding only orders.read and operators.manage cannot widen itself", async () => {
    const everything = await (await as(admin)("GET", "/api/admin/roles")).json();
    const all = (everything as { roles: { key: string; permissions: string[] }[] }).roles.find(
      (role) => role.key === "ADMIN",
    )?.permissions;
    await expectRefused(await as(small)("PATCH", "/api/admin/roles/KEYHOLDER", { permissions: all }));
    await expectRefused(
      await as(small)("PATCH", "/api/admin/roles/KEYHOLDER", {
        permissions: ["orders.read", "operators.manage", "refunds.approve"],
      }),
      { permissions: ["refunds.approve"] },
    );
    const stored = await app.db.prisma.role.findUniqueOrThrow({ where: { key: "KEYHOLDER" } });
    expect(stored.permissions).toEqual(["orders.read", "operators.manage"]);
    // Within what it holds, it may change itself.
    await expectStatus(await as(small)("PATCH", "/api/admin/roles/KEYHOLDER", { name: "Key holder" }), 200);
  });

  it("cannot make a role beyond its own; may make one within", async () => {
    await expectRefused(
      await as(small)("POST", "/api/admin/roles", {
        name: "Refunder",
        permissions: ["orders.read", "orders.refund"],
      }),
      { permissions: ["orders.refund"] },
    );
    await expectRefused(
      await as(small)("POST", "/api/admin/roles", { name: "Exporter", permissions: ["orders.export"] }),
    );
    expect(await app.db.prisma.role.count({ where: { name: { in: ["Refunder", "Exporter"] } } })).toBe(0);
    await expectStatus(
      await as(small)("POST", "/api/admin/roles", {
        name: "Deputy",
        permissions: ["orders.read", "operators.manage"],
      }),
      201,
    );
    await expectStatus(
      await as(admin)("POST", "/api/admin/roles", { name: "Refunder", permissions: ["orders.refund"] }),
      201,
    );
  });

  it("cannot change a role holding more than its own, not even its name", async () => {
    for (const [key, change] of [
      ["FINANCE", { name: "Money" }],
      ["ADMIN", { requireSecondFactor: false }],
      ["SUPPORT", { permissions: ["orders.read"] }],
    ] as const) {
      await expectRefused(await as(small)("PATCH", `/api/admin/roles/${key}`, change));
    }
    const finance = await app.db.prisma.role.findUniqueOrThrow({ where: { key: "FINANCE" } });
    expect(finance.name).toBe("Finance");
  });

  it("cannot change every role's second-factor policy at once while some role holds more than its own", async () => {
    await expectRefused(
      await as(small)("POST", "/api/admin/roles/second-factor", { requireSecondFactor: true }),
    );
    expect(await app.db.prisma.role.count({ where: { requireSecondFactor: true } })).toBe(0);
    // Where nothing above its own would change, there is nothing to refuse.
    const nothing = await as(small)("POST", "/api/admin/roles/second-factor", { requireSecondFactor: false });
    expect(await nothing.json()).toEqual({ rolesChanged: 0 });
  });

  it("cannot give a refund limit looser than its own, nor lift a limit by adding the refund permission", async () => {
    const make = (name: string, extra: Record<string, unknown>) =>
      as(counter)("POST", "/api/admin/roles", {
        name,
        permissions: ["orders.read", "orders.refund"],
        ...extra,
      });
    await expectRefused(await make("Over the limit", { refundLimitFils: String(50_000n * IQD) }), {
      permissions: [],
      limits: ["refundLimitFils", "dailyRefundLimitFils"],
    });
    await expectRefused(
      await make("No limit", { refundLimitFils: null, dailyRefundLimitFils: String(100_000n * IQD) }),
      { limits: ["refundLimitFils"] },
    );
    await expectRefused(
      await make("Daily over", {
        refundLimitFils: String(10_000n * IQD),
        dailyRefundLimitFils: String(500_000n * IQD),
      }),
      { limits: ["dailyRefundLimitFils"] },
    );
    const within = await make("Within", {
      refundLimitFils: String(10_000n * IQD),
      dailyRefundLimitFils: String(100_000n * IQD),
    });
    await expectStatus(within, 201);
    const { key } = (await within.json()) as { key: string };
    await expectRefused(await as(counter)("PATCH", `/api/admin/roles/${key}`, { refundLimitFils: null }), {
      limits: ["refundLimitFils"],
    });
    // A role that moves no money back has no limit to speak of: its empty limits are no excess...
    await expectStatus(
      await as(counter)("POST", "/api/admin/roles", { name: "Lookers", permissions: ["orders.read"] }),
      201,
    );
    // ...until the refund permission is added to it, limits and all.
    const lookers = await app.db.prisma.role.findFirstOrThrow({ where: { name: "Lookers" } });
    await expectRefused(
      await as(counter)("PATCH", `/api/admin/roles/${lookers.key}`, {
        permissions: ["orders.read", "orders.refund"],
      }),
      { permissions: [], limits: ["refundLimitFils", "dailyRefundLimitFils"] },
    );
  });
});

describe("operators", () => {
  it("cannot make an ADMIN or any operator whose role holds more; may make one of its own role", async () => {
    for (const role of ["ADMIN", "FINANCE", "VIEWER", "COUNTER"]) {
      await expectRefused(await as(small)("POST", "/api/admin/operators", newOperator(role)));
    }
    // A limit above the maker's, even with every permission held: FINANCE refunds without a limit.
    await expectRefused(await as(counter)("POST", "/api/admin/operators", newOperator("FINANCE")));
    expect(await app.db.prisma.operator.count({ where: { email: { startsWith: "made-" } } })).toBe(0);
    await expectStatus(await as(small)("POST", "/api/admin/operators", newOperator("KEYHOLDER")), 201);
    await expectStatus(await as(small)("POST", "/api/admin/operators", newOperator("READER")), 201);
    await expectStatus(await as(admin)("POST", "/api/admin/operators", newOperator("ADMIN")), 201);
  });

  it("cannot raise an operator's role above its own", async () => {
    const target = await createTestOperator(app.db.prisma, "READER");
    for (const role of ["ADMIN", "FINANCE", "SUPPORT"]) {
      await expectRefused(await as(small)("PATCH", `/api/admin/operators/${target.id}`, { role }));
    }
    expect((await app.db.prisma.operator.findUniqueOrThrow({ where: { id: target.id } })).role).toBe(
      "READER",
    );
    await expectStatus(
      await as(small)("PATCH", `/api/admin/operators/${target.id}`, { role: "KEYHOLDER" }),
      200,
    );
  });

  it("cannot set an ADMIN's password, disable, demote or unlock them, reset their second factor or end their sessions", async () => {
    const victim = await createTestOperator(app.db.prisma, "ADMIN");
    const before = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: victim.id } });
    const changes: Record<string, unknown>[] = [
      { password: "the attacker's own password 1" },
      { disabled: true },
      { role: "READER" },
      { unlock: true },
    ];
    for (const change of changes) {
      await expectRefused(await as(small)("PATCH", `/api/admin/operators/${victim.id}`, change));
    }
    await expectRefused(await as(small)("DELETE", `/api/admin/operators/${victim.id}/second-factor`));
    await expectRefused(await as(small)("DELETE", `/api/admin/sessions/${victim.sessionId}`));
    const after = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: victim.id } });
    expect(after).toMatchObject({ passwordHash: before.passwordHash, disabledAt: null, role: "ADMIN" });
    expect((await app.call("GET", "/api/admin/orders", { headers: victim.script() })).status).toBe(200);

    // On someone holding no more than they do, the same changes go through.
    await expectStatus(await as(small)("PATCH", `/api/admin/operators/${reader.id}`, changes[0]), 200);
    await expectStatus(await as(small)("DELETE", `/api/admin/operators/${reader.id}/second-factor`), 200);
    // An ADMIN may do it to another ADMIN.
    await expectStatus(await as(admin)("PATCH", `/api/admin/operators/${victim.id}`, changes[0]), 200);
  });
});

describe("API keys", () => {
  it("a key's role cannot hold more than its maker, in permissions or refund limits", async () => {
    const make = (role: string) =>
      as(counter)("POST", "/api/admin/api-keys", { name: "script", role, expiresInDays: 7 });
    await expectRefused(await make("FINANCE"));
    await expectRefused(await make("ADMIN"));
    await app.db.prisma.role.create({
      data: {
        key: "UNLIMITED_REFUNDS",
        name: "Unlimited refunds",
        permissions: ["orders.read", "orders.refund"],
      },
    });
    await expectRefused(await make("UNLIMITED_REFUNDS"), {
      permissions: [],
      limits: ["refundLimitFils", "dailyRefundLimitFils"],
    });
    expect(await app.db.prisma.apiKey.count({ where: { operatorId: counter.id } })).toBe(0);
    await expectStatus(await make("READER"), 201);
    await expectStatus(await make("COUNTER"), 201);
  });

  it("a key never manages operators or roles at all, whatever its maker holds", async () => {
    const created = await as(admin)("POST", "/api/admin/api-keys", {
      name: "admin script",
      role: "ADMIN",
      expiresInDays: 7,
    });
    const { secret } = (await created.json()) as { secret: string };
    const withKey = { Authorization: `Bearer ${secret}` };
    for (const [method, path, json] of [
      ["POST", "/api/admin/operators", newOperator("ADMIN")],
      ["PATCH", "/api/admin/roles/READER", { permissions: ["orders.read", "orders.refund"] }],
      ["PATCH", `/api/admin/operators/${reader.id}`, { role: "ADMIN" }],
    ] as const) {
      const answer = await app.call(method, path, { headers: withKey, json });
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe(
        "SIGNED_IN_ONLY",
      );
    }
  });
});
