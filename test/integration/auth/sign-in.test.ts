// Operators' sign-in against the real database: argon2id hashes, a growing lock after repeated
// failures (from the fifth), a disabled operator refused, and unknown e-mails answered like wrong
// passwords.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "@/lib/admin/operators";
import { lockDurationMs, signInOperator } from "@/lib/auth/sign-in";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const PASSWORD = "a long and honest password";

async function newOperator() {
  return createOperator({ prisma: db.prisma }, undefined, {
    email: `op-${crypto.randomUUID().slice(0, 8)}@shop.example`,
    name: "Operator",
    role: "OPERATOR",
    password: PASSWORD,
  });
}

describe("operator sign-in", () => {
  it("stores an argon2id hash, never the password, and accepts the right one (any e-mail case)", async () => {
    const operator = await newOperator();
    const stored = await db.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain(PASSWORD);
    const result = await signInOperator(db.prisma, {
      email: operator.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(result).toMatchObject({ ok: true, operator: { id: operator.id, failedSignIns: 0 } });
  });

  it("locks after the fifth failure, for longer each time; even the right password waits", async () => {
    const operator = await newOperator();
    const start = new Date("2026-11-22T10:00:00Z");
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      attempts.push(await signInOperator(db.prisma, { email: operator.email, password: "wrong" }, start));
    }
    expect(attempts.slice(0, 4).map((attempt) => !attempt.ok && attempt.reason)).toEqual([
      "INVALID",
      "INVALID",
      "INVALID",
      "INVALID",
    ]);
    expect(attempts[4]).toEqual({ ok: false, reason: "LOCKED", retryAfterSeconds: 60 });
    const during = await signInOperator(db.prisma, { email: operator.email, password: PASSWORD }, start);
    expect(during).toMatchObject({ ok: false, reason: "LOCKED" });

    const later = new Date(start.getTime() + 61_000);
    const sixth = await signInOperator(db.prisma, { email: operator.email, password: "wrong" }, later);
    expect(sixth).toEqual({ ok: false, reason: "LOCKED", retryAfterSeconds: 120 });
    const afterLock = new Date(later.getTime() + 121_000);
    const right = await signInOperator(db.prisma, { email: operator.email, password: PASSWORD }, afterLock);
    expect(right).toMatchObject({ ok: true, operator: { failedSignIns: 0, lockedUntil: null } });
  });

  it("caps the lock at an hour", () => {
    expect(lockDurationMs(4)).toBe(0);
    expect(lockDurationMs(5)).toBe(60_000);
    expect(lockDurationMs(7)).toBe(240_000);
    expect(lockDurationMs(40)).toBe(3_600_000);
  });

  it("refuses a disabled operator, and answers an unknown e-mail like a wrong password", async () => {
    const operator = await newOperator();
    await db.prisma.operator.update({ where: { id: operator.id }, data: { disabledAt: new Date() } });
    expect(await signInOperator(db.prisma, { email: operator.email, password: PASSWORD })).toEqual({
      ok: false,
      reason: "DISABLED",
    });
    expect(await signInOperator(db.prisma, { email: "nobody@shop.example", password: PASSWORD })).toEqual({
      ok: false,
      reason: "INVALID",
    });
  });
});
