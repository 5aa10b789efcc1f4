// Operators' sign-in against the real database and Redis, as next-auth's credentials provider calls
// it: argon2id hashes; one answer for an unknown e-mail, a wrong password and a disabled operator;
// guessing slowed per e-mail *and* address, so a stranger's guesses never keep the operator out;
// per-address limits that never fall into one shared bucket; sign-ins in the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "@/lib/operators/manage-operators";
import { authorizeOperator, signInRefusal } from "@/lib/operators/sign-in/authorize-operator";
import { signInOperator } from "@/lib/operators/sign-in/sign-in";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { distinctAddress } from "@/test/support/addresses";
import { createTestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
beforeAll(async () => {
  app = await startRouteHarness();
});
afterAll(() => app?.close());

const PASSWORD = "a long and honest password";

async function newOperator() {
  return createOperator({ prisma: app.db.prisma }, undefined, {
    email: `op-${crypto.randomUUID().slice(0, 8)}@shop.example`,
    name: "Operator",
    role: "FINANCE",
    password: PASSWORD,
  });
}

/** A sign-in as the sign-in page sends it, from `address` (what our proxy wrote). */
function signIn(email: string, password: string, address: string) {
  return authorizeOperator({ email, password }, { "x-forwarded-for": address, "user-agent": "test" }).then(
    (user) => ({ ok: true as const, user }),
    (error: Error) => ({ ok: false as const, error: error.message }),
  );
}

/** A client address of its own per call, so budgets never carry over between clients or tests. */
const address = distinctAddress;

/** An e-mail that is no operator's, new each time: budgets per e-mail outlive a test run. */
const nobody = () => `nobody-${crypto.randomUUID().slice(0, 8)}@shop.example`;

describe("what the sign-in page is told", () => {
  it("our own answers and the rate limit pass; anything else (a database down) is UNAVAILABLE", () => {
    const told = (error: unknown) => {
      try {
        signInRefusal(error);
      } catch (thrown) {
        return (thrown as Error).message;
      }
    };
    expect(told(new Error("INVALID"))).toBe("INVALID");
    expect(told(new Error("LOCKED:900"))).toBe("LOCKED:900");
    expect(told(new Error("CODE_REQUIRED"))).toBe("CODE_REQUIRED");
    expect(told(new HttpError("RATE_LIMITED", "Too many requests; retry in 60 s."))).toBe(
      "Too many requests; retry in 60 s.",
    );
    expect(told(new Error("connect ECONNREFUSED 10.0.0.5:5432 (database merchant)"))).toBe("UNAVAILABLE");
  });
});

describe("operator sign-in", () => {
  it("stores an argon2id hash, never the password, and accepts the right one (any e-mail case)", async () => {
    const operator = await newOperator();
    const stored = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain(PASSWORD);
    const result = await signInOperator(app.db.prisma, {
      email: operator.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(result).toMatchObject({ ok: true, operator: { id: operator.id, failedSignIns: 0 } });
  });

  it("answers an unknown e-mail, a wrong password and a disabled operator alike", async () => {
    const operator = await newOperator();
    const disabled = await newOperator();
    await app.db.prisma.operator.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    const answers = [
      await signIn(nobody(), PASSWORD, address()),
      await signIn(operator.email, "wrong", address()),
      await signIn(disabled.email, PASSWORD, address()),
    ];
    expect(answers).toEqual([
      { ok: false, error: "INVALID" },
      { ok: false, error: "INVALID" },
      { ok: false, error: "INVALID" },
    ]);
  });

  it("after five wrong passwords that e-mail waits from that address, known or not, and not from another", async () => {
    const operator = await newOperator();
    for (const email of [operator.email, nobody()]) {
      const stranger = address();
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push((await signIn(email, `guess ${i}`, stranger)) as { error?: string });
      expect(answers.slice(0, 5).map((answer) => answer.error)).toEqual(Array(5).fill("INVALID"));
      expect(answers[5]?.error, email).toMatch(/^LOCKED:(89\d|900)$/);
      // Even the right password waits, from the stranger's address.
      expect(await signIn(email, PASSWORD, stranger)).toMatchObject({ ok: false, error: /^LOCKED:/ });
    }
    // The operator, at the shop, signs in.
    const atTheShop = await signIn(operator.email, PASSWORD, address());
    expect(atTheShop).toMatchObject({ ok: true, user: { id: operator.id } });
    const stored = await app.db.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
    expect(stored.failedSignIns).toBe(0);
  });

  it("an admin's unlock lets the operator try again at once from the address that was waiting", async () => {
    const operator = await newOperator();
    const from = address();
    for (let i = 0; i < 5; i++) await signIn(operator.email, `guess ${i}`, from);
    expect(await signIn(operator.email, PASSWORD, from)).toMatchObject({ error: /^LOCKED:/ });
    const admin = await createTestOperator(app.db.prisma, "ADMIN");
    const unlocked = await app.call("PATCH", `/api/admin/operators/${operator.id}`, {
      headers: admin.browser(app.url),
      json: { unlock: true },
    });
    expect(unlocked.status).toBe(200);
    expect(await signIn(operator.email, PASSWORD, from)).toMatchObject({ ok: true });
  });

  it("ten sign-ins from one address leave every other address its own budget", async () => {
    const busy = address();
    for (let i = 0; i < 10; i++) await signIn(nobody(), "guess", busy);
    expect(await signIn(nobody(), "guess", busy)).toMatchObject({ error: /too many requests/i });
    const operator = await newOperator();
    expect(await signIn(operator.email, PASSWORD, address())).toMatchObject({ ok: true });
  });

  it("an IPv6 guesser gets one budget for its whole /64, however many of its addresses it uses", async () => {
    const operator = await newOperator();
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 0; i < 5; i++) await signIn(operator.email, `guess ${i}`, `${network}::${i + 1}`);
    const fresh = `${network}:ffff:ffff:ffff:fff${Math.floor(Math.random() * 10)}`;
    expect(await signIn(operator.email, PASSWORD, fresh), "a new address in the same /64").toMatchObject({
      error: /^LOCKED:/,
    });
    const neighbour = `${network.slice(0, -1)}2::1`;
    expect(await signIn(operator.email, PASSWORD, neighbour), "the next /64").toMatchObject({ ok: true });
  });

  it("files sign-ins of known operators, both ways, with the address, in the audit log", async () => {
    const operator = await newOperator();
    const from = address();
    await signIn(operator.email, "wrong", from);
    const ok = await signIn(operator.email, PASSWORD, from);
    const entries = await app.db.prisma.auditEntry.findMany({
      where: { subjectId: operator.id, action: { startsWith: "operator.sign-in" } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => [entry.action, (entry.after as { address?: string }).address])).toEqual([
      ["operator.sign-in-refused", from],
      ["operator.sign-in", from],
    ]);
    expect(entries[1]?.after).toMatchObject({
      sessionId: (ok as { user: { sessionId: string } }).user.sessionId,
    });
  });
});
