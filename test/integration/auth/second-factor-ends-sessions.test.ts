// Turning on a second factor shuts out what the password alone let in: through the console's API as
// Next.js calls it, confirming a TOTP enrolment or adding a first passkey ends the account's other
// sessions (cookie and Bearer alike, whoever holds them), keeps the one that did it, and touches no
// other operator's. Starting a setup that is never confirmed, or a further passkey, ends nothing.
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOperator, signInAgain, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { softwarePasskey } from "@/test/support/software-passkey";

let app: RouteHarness;
beforeAll(async () => {
  app = await startRouteHarness();
});
afterAll(() => app?.close());

const orders = (headers: Record<string, string>) => app.call("GET", "/api/admin/orders", { headers });
const statusOf = async (headers: Record<string, string>) => (await orders(headers)).status;

async function startTotp(operator: TestOperator): Promise<string> {
  const started = await app.call("POST", "/api/admin/me/second-factor", {
    headers: operator.browser(app.url),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  return ((await started.json()) as { secret: string }).secret;
}

function confirmTotp(operator: TestOperator, code: string) {
  return app.call("POST", "/api/admin/me/second-factor/confirm", {
    headers: operator.browser(app.url),
    json: { code },
  });
}

const codeOf = (secret: string) => new TOTP({ secret, period: 30 }).generate({ timestamp: Date.now() });

async function addPasskey(operator: TestOperator, name: string) {
  const started = await app.call("POST", "/api/admin/me/passkeys/options", {
    headers: operator.browser(app.url),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const added = await app.call("POST", "/api/admin/me/passkeys", {
    headers: operator.browser(app.url),
    json: { name, response: softwarePasskey(operator.id).register(await started.json(), app.url) },
  });
  expect(added.status, await added.clone().text()).toBe(201);
}

async function endedReason(sessionId: string) {
  const session = await app.db.prisma.operatorSession.findUniqueOrThrow({ where: { id: sessionId } });
  return session.endedReason;
}

describe("turning on a second factor", () => {
  it("a confirmed TOTP enrolment ends the other sessions, cookie and Bearer; the one that enrolled stays", async () => {
    const operator = await createTestOperator(app.db.prisma, "FINANCE");
    const laptop = await signInAgain(app.db.prisma, operator);
    const stolen = await signInAgain(app.db.prisma, operator);
    const bystander = await createTestOperator(app.db.prisma, "FINANCE");
    for (const headers of [laptop.browser(app.url), stolen.script(), operator.script()]) {
      expect(await statusOf(headers)).toBe(200);
    }

    const confirmed = await confirmTotp(operator, codeOf(await startTotp(operator)));
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);

    expect(await statusOf(laptop.browser(app.url))).toBe(401);
    expect(await statusOf(stolen.script())).toBe(401);
    expect(await endedReason(laptop.sessionId)).toBe("SECOND_FACTOR_ADDED");
    expect(await endedReason(stolen.sessionId)).toBe("SECOND_FACTOR_ADDED");
    expect(await statusOf(operator.browser(app.url)), "the session that enrolled").toBe(200);
    expect(await endedReason(operator.sessionId)).toBeNull();
    expect(await statusOf(bystander.script()), "another operator's session").toBe(200);
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: operator.id, action: "operator.second-factor-on" },
    });
    expect(audit.after).toMatchObject({ method: "TOTP", sessionsEnded: 2 });
  });

  it("a setup started but not confirmed, or confirmed with a wrong code, ends nothing", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    const other = await signInAgain(app.db.prisma, operator);
    await startTotp(operator);
    expect(await statusOf(other.script())).toBe(200);
    expect((await confirmTotp(operator, "000000")).status).toBe(400);
    expect(await statusOf(other.script())).toBe(200);
    expect(await endedReason(other.sessionId)).toBeNull();
  });

  it("a first passkey ends the other sessions and keeps this one; a further passkey ends nothing", async () => {
    const operator = await createTestOperator(app.db.prisma, "SUPPORT");
    const phone = await signInAgain(app.db.prisma, operator);
    const script = await signInAgain(app.db.prisma, operator);

    await addPasskey(operator, "Shop laptop");
    expect(await statusOf(phone.browser(app.url))).toBe(401);
    expect(await statusOf(script.script())).toBe(401);
    expect(await endedReason(phone.sessionId)).toBe("SECOND_FACTOR_ADDED");
    expect(await statusOf(operator.browser(app.url))).toBe(200);
    const added = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: operator.id, action: "operator.passkey-add" },
    });
    expect(added.after).toMatchObject({ name: "Shop laptop", sessionsEnded: 2 });

    // Sessions that began after the first passkey were signed in with it: a second one leaves them be.
    const later = await signInAgain(app.db.prisma, operator);
    await addPasskey(operator, "Security key");
    expect(await statusOf(later.script())).toBe(200);
    expect(await statusOf(operator.script())).toBe(200);
  });

  it.each([
    ["a TOTP enrolment", "totp"],
    ["a first passkey", "passkey"],
  ] as const)(
    "%s, where the role requires one, ends the sessions that were waiting for it and lets this one work",
    async (_what, how) => {
      const key = `MUST_ENROL_${how.toUpperCase()}`;
      await app.db.prisma.role.create({
        data: { key, name: `Must enrol (${how})`, permissions: ["orders.read"], requireSecondFactor: true },
      });
      const operator = await createTestOperator(app.db.prisma, key);
      const waiting = await signInAgain(app.db.prisma, operator);
      expect(await statusOf(operator.script())).toBe(403);
      expect(await statusOf(waiting.script())).toBe(403);

      if (how === "totp")
        expect((await confirmTotp(operator, codeOf(await startTotp(operator)))).status).toBe(200);
      else await addPasskey(operator, "Phone");

      expect(await statusOf(operator.script())).toBe(200);
      expect(await statusOf(waiting.script())).toBe(401);
      expect(await endedReason(waiting.sessionId)).toBe("SECOND_FACTOR_ADDED");
    },
  );
});
