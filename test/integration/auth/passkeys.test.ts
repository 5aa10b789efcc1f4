// Passkeys on a real database and Redis, through the console's API and next-auth's authorize step,
// answered by a software authenticator that speaks WebAuthn exactly (test/support/software-passkey):
// enrolment checked against its challenge and origin, sign-in with the passkey alone, each ceremony
// answered once, a counter that goes back refused, a password alone no longer enough, and an
// admin's reset taking the passkeys away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeOperator } from "@/lib/operators/sign-in/authorize-operator";
import { distinctAddress } from "@/test/support/addresses";
import { createTestOperator, TEST_OPERATOR_PASSWORD, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { type SoftwarePasskey, softwarePasskey } from "@/test/support/software-passkey";

let app: RouteHarness;
let admin: TestOperator;
beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
});
afterAll(() => app?.close());

const seen = () => ({ "x-forwarded-for": distinctAddress() });

function outcome(attempt: Promise<{ id: string }>) {
  return attempt.then(
    (user) => ({ ok: true as const, operatorId: user.id }),
    (error: Error) => ({ ok: false as const, error: error.message }),
  );
}

/** An operator with a passkey enrolled through the API, and that passkey. */
async function withPasskey(): Promise<{ operator: TestOperator; passkey: SoftwarePasskey }> {
  const operator = await createTestOperator(app.db.prisma, "FINANCE");
  const started = await app.call("POST", "/api/admin/me/passkeys/options", {
    headers: operator.browser(app.url),
  });
  expect(started.status).toBe(200);
  const options = (await started.json()) as { challenge: string; rp: { id: string } };
  expect(options.rp.id).toBe(new URL(app.url).hostname);
  const passkey = softwarePasskey(operator.id);
  const added = await app.call("POST", "/api/admin/me/passkeys", {
    headers: operator.browser(app.url),
    json: { name: "Shop phone", response: passkey.register(options, app.url) },
  });
  expect(added.status, await added.clone().text()).toBe(201);
  expect(await added.json()).toMatchObject({ credentialId: passkey.credentialId, name: "Shop phone" });
  return { operator, passkey };
}

async function ceremony(): Promise<{ ceremonyId: string; options: { challenge: string; rpId: string } }> {
  const started = await app.call("POST", "/api/sign-in/passkey");
  expect(started.status).toBe(200);
  return (await started.json()) as { ceremonyId: string; options: { challenge: string; rpId: string } };
}

function signInWith(answer: object, ceremonyId: string) {
  return outcome(authorizeOperator({ passkey: JSON.stringify(answer), ceremony: ceremonyId }, seen()));
}

describe("passkeys", () => {
  it("enrol through the API and sign in on their own; each ceremony is answered once", async () => {
    const { operator, passkey } = await withPasskey();
    const { ceremonyId, options } = await ceremony();
    const answer = passkey.signIn(options, app.url, 1);
    expect(await signInWith(answer, ceremonyId)).toEqual({ ok: true, operatorId: operator.id });
    // The same answer again: its ceremony is spent.
    expect(await signInWith(answer, ceremonyId)).toEqual({ ok: false, error: "INVALID" });
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: operator.id, action: "operator.sign-in" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit.after).toMatchObject({ secondFactor: "PASSKEY" });
  });

  it("refuses a counter that goes back (a cloned key), another site's answer and a stranger's key", async () => {
    const { passkey } = await withPasskey();
    const first = await ceremony();
    expect((await signInWith(passkey.signIn(first.options, app.url, 5), first.ceremonyId)).ok).toBe(true);
    const second = await ceremony();
    expect(await signInWith(passkey.signIn(second.options, app.url, 3), second.ceremonyId)).toEqual({
      ok: false,
      error: "INVALID",
    });
    const third = await ceremony();
    const phishing = passkey.signIn(third.options, "https://shop-example.evil", 9);
    expect((await signInWith(phishing, third.ceremonyId)).ok).toBe(false);
    const fourth = await ceremony();
    const stranger = softwarePasskey("someone");
    expect((await signInWith(stranger.signIn(fourth.options, app.url, 1), fourth.ceremonyId)).ok).toBe(false);
  });

  it("make a password alone not enough, and go with an admin's reset", async () => {
    const { operator, passkey } = await withPasskey();
    const withPassword = () =>
      outcome(authorizeOperator({ email: operator.email, password: TEST_OPERATOR_PASSWORD }, seen()));
    expect(await withPassword()).toEqual({ ok: false, error: "PASSKEY_REQUIRED" });

    const listed = await app.call("GET", "/api/admin/me/passkeys", { headers: operator.script() });
    expect(((await listed.json()) as { passkeys: unknown[] }).passkeys).toHaveLength(1);

    const reset = await app.call("DELETE", `/api/admin/operators/${operator.id}/second-factor`, {
      headers: admin.browser(app.url),
    });
    expect(reset.status).toBe(200);
    expect(await app.db.prisma.passkey.count({ where: { operatorId: operator.id } })).toBe(0);
    const { ceremonyId, options } = await ceremony();
    expect((await signInWith(passkey.signIn(options, app.url, 1), ceremonyId)).ok).toBe(false);
    expect((await withPassword()).ok).toBe(true);
  });

  it("count as the second factor a role requires, and can be removed by their owner only", async () => {
    const role = await app.db.prisma.role.create({
      data: { key: "KEYS_ONLY", name: "Keys only", permissions: ["orders.read"], requireSecondFactor: true },
    });
    const { operator } = await withPasskey();
    await app.db.prisma.operator.update({ where: { id: operator.id }, data: { role: role.key } });
    expect((await app.call("GET", "/api/admin/orders", { headers: operator.script() })).status).toBe(200);

    const [stored] = await app.db.prisma.passkey.findMany({ where: { operatorId: operator.id } });
    const path = `/api/admin/me/passkeys/${stored?.id}`;
    expect((await app.call("DELETE", path, { headers: admin.browser(app.url) })).status).toBe(404);
    expect((await app.call("DELETE", path, { headers: operator.browser(app.url) })).status).toBe(204);
    expect((await app.call("GET", "/api/admin/orders", { headers: operator.script() })).status).toBe(403);
  });

  it("refuse an enrolment answer for a challenge that was not given, or from another origin", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    const passkey = softwarePasskey(operator.id);
    const unasked = await app.call("POST", "/api/admin/me/passkeys", {
      headers: operator.browser(app.url),
      json: { name: "x", response: passkey.register({ challenge: "bm90LWdpdmVu", rp: {} }, app.url) },
    });
    expect(unasked.status).toBe(409);
    const started = await app.call("POST", "/api/admin/me/passkeys/options", {
      headers: operator.browser(app.url),
    });
    const options = (await started.json()) as { challenge: string; rp: { id: string } };
    const elsewhere = await app.call("POST", "/api/admin/me/passkeys", {
      headers: operator.browser(app.url),
      json: { name: "x", response: passkey.register(options, "https://evil.example") },
    });
    expect(elsewhere.status).toBe(400);
    expect(await app.db.prisma.passkey.count({ where: { operatorId: operator.id } })).toBe(0);
  });
});
