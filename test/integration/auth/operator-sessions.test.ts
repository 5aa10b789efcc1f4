// Operator sessions that really end, through the console's API as Next.js calls it: each sign-in is
// a session row whose id the token carries; the token lives no longer than the session; a session
// ends when signed out (the copied token with it), when idle too long, at the end of its day, and
// when its operator's password, role or access changes. The boundary: a cookie session cannot skip
// the cross-site check by adding any Bearer header; a malformed cookie is not a 500; answers are
// never cached; writes must be JSON.
import { decode, encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whySessionEnded } from "@/lib/operators/sessions/operator-sessions";
import { getAuthOptions } from "@/lib/operators/sign-in/auth-options";
import { createTestOperator, TEST_OPERATOR_PASSWORD, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let admin: TestOperator;

beforeAll(async () => {
  app = await startRouteHarness();
  admin = await createTestOperator(app.db.prisma, "ADMIN");
});
afterAll(() => app?.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const secret = () => process.env.NEXTAUTH_SECRET as string;

function tokenFor(operator: TestOperator, sessionId: string | undefined) {
  return encode({
    token: {
      operatorId: operator.id,
      role: operator.role,
      email: operator.email,
      sub: operator.id,
      sessionId,
    },
    secret: secret(),
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const listOrders = (headers: Record<string, string>) => app.call("GET", "/api/admin/orders", { headers });

/** Signs in through the credentials provider as next-auth does, and encodes the token as it does. */
async function signIn(operator: TestOperator) {
  const options = getAuthOptions();
  const provider = options.providers[0] as unknown as {
    options: { authorize: (credentials: unknown, request: unknown) => Promise<Record<string, unknown>> };
  };
  const user = await provider.options.authorize(
    { email: operator.email, password: TEST_OPERATOR_PASSWORD },
    { headers: { "x-forwarded-for": "127.0.0.1", "user-agent": "Mozilla/5.0 (Android 14) Chrome/156" } },
  );
  const token = await options.callbacks?.jwt?.({ token: { sub: operator.id }, user: user as never } as never);
  // next-auth's callback route encodes with its jwt options (maxAge defaulting to 30 days).
  const jwt = await encode({
    secret: secret(),
    maxAge: options.jwt?.maxAge ?? 30 * 24 * 3600,
    token: token as never,
  });
  return { jwt, sessionId: String(user.sessionId) };
}

describe("sessions that end", () => {
  it("a sign-in records a session (device, address); the token lives no longer than it (8 h)", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    const { jwt, sessionId } = await signIn(operator);
    const decoded = (await decode({ token: jwt, secret: secret() })) as { iat: number; exp: number };
    expect(decoded.exp - decoded.iat).toBeLessThanOrEqual(8 * 3600);
    const session = await app.db.prisma.operatorSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session).toMatchObject({ operatorId: operator.id, address: "127.0.0.1", endedAt: null });
    expect(session.userAgent).toContain("Android");
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(8 * HOUR);
    expect((await listOrders(bearer(jwt))).status).toBe(200);
  });

  it("a token without a session (made before sessions were kept) or naming another's session is refused", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    expect((await listOrders(bearer(await tokenFor(operator, undefined)))).status).toBe(401);
    expect((await listOrders(bearer(await tokenFor(operator, admin.sessionId)))).status).toBe(401);
    expect((await listOrders(bearer(await tokenFor(operator, crypto.randomUUID())))).status).toBe(401);
  });

  it("a session past its day or idle for longer than 30 minutes has ended; one used 29 minutes ago stands", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    const sessions = app.db.prisma.operatorSession;
    const now = Date.now();
    await sessions.update({
      where: { id: operator.sessionId },
      data: { lastSeenAt: new Date(now - 29 * MINUTE) },
    });
    expect((await listOrders(operator.script())).status).toBe(200);
    const seen = await sessions.findUniqueOrThrow({ where: { id: operator.sessionId } });
    expect(seen.lastSeenAt.getTime()).toBeGreaterThanOrEqual(now);

    await sessions.update({
      where: { id: operator.sessionId },
      data: { lastSeenAt: new Date(now - 31 * MINUTE) },
    });
    expect((await listOrders(operator.script())).status).toBe(401);

    const other = await createTestOperator(app.db.prisma, "VIEWER");
    await sessions.update({ where: { id: other.sessionId }, data: { expiresAt: new Date(now - 1000) } });
    expect((await listOrders(other.script())).status).toBe(401);
  });

  it.each([
    ["a password change", { password: "a-new-long-passphrase-2026" }, "PASSWORD_CHANGED"],
    ["a role change", { role: "FINANCE" }, "ROLE_CHANGED"],
    ["disabling, then enabling again", { disabled: true }, "DISABLED"],
  ])("%s ends the operator's sessions, cookie and Bearer alike", async (_what, change, reason) => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    expect((await listOrders(operator.script())).status).toBe(200);
    const changed = await app.call("PATCH", `/api/admin/operators/${operator.id}`, {
      headers: admin.browser(app.url),
      json: change,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    if ("disabled" in change) {
      await app.call("PATCH", `/api/admin/operators/${operator.id}`, {
        headers: admin.browser(app.url),
        json: { disabled: false },
      });
    }
    expect((await listOrders(operator.script())).status).toBe(401);
    expect((await listOrders(operator.browser(app.url))).status).toBe(401);
    const ended = await app.db.prisma.operatorSession.findUniqueOrThrow({
      where: { id: operator.sessionId },
    });
    expect(ended.endedReason).toBe(reason);
    // A new sign-in works again.
    const again = await createTestOperator(app.db.prisma, "VIEWER");
    expect((await listOrders(again.script())).status).toBe(200);
  });

  it("an admin who changes their own password keeps the session they did it in, and only that one", async () => {
    const self = await createTestOperator(app.db.prisma, "ADMIN");
    const elsewhere = await signIn(self);
    const changed = await app.call("PATCH", `/api/admin/operators/${self.id}`, {
      headers: self.browser(app.url),
      json: { password: "another-long-passphrase-2026" },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await listOrders(self.script())).status).toBe(200);
    expect((await listOrders(bearer(elsewhere.jwt))).status).toBe(401);
  });

  it("the sign-in page is told why a session ended: an admin's hand, a change, idling, its day's end; nothing after signing out or while it stands", async () => {
    const settings = { maxAgeMs: 8 * HOUR, idleMs: 30 * MINUTE };
    const why = (operator: TestOperator) =>
      whySessionEnded(app.db.prisma, { sessionId: operator.sessionId, operatorId: operator.id }, settings);
    const standing = await createTestOperator(app.db.prisma, "VIEWER");
    expect(await why(standing)).toBeNull();
    // Someone else's token naming this session learns nothing.
    expect(
      await whySessionEnded(app.db.prisma, { sessionId: standing.sessionId, operatorId: admin.id }, settings),
    ).toBeNull();

    // An ADMIN ends one session of another operator, then all of a third's: ENDED_BY_ADMIN, audited.
    const one = await createTestOperator(app.db.prisma, "SUPPORT");
    const ended = await app.call("DELETE", `/api/admin/sessions/${one.sessionId}`, {
      headers: admin.browser(app.url),
    });
    expect(ended.status, await ended.clone().text()).toBe(200);
    expect(await why(one)).toBe("ENDED_BY_ADMIN");
    const all = await createTestOperator(app.db.prisma, "SUPPORT");
    const second = await signIn(all);
    const everywhere = await app.call("POST", `/api/admin/sessions/end-others?operatorId=${all.id}`, {
      headers: admin.browser(app.url),
    });
    expect(await everywhere.json()).toEqual({ ended: 2 });
    expect(await why(all)).toBe("ENDED_BY_ADMIN");
    expect((await listOrders(bearer(second.jwt))).status).toBe(401);
    expect(
      await app.db.prisma.auditEntry.count({ where: { action: "operator.session-end", subjectId: all.id } }),
    ).toBe(1);
    // Not an ADMIN: another operator's sessions are not theirs to end.
    const refused = await app.call("POST", `/api/admin/sessions/end-others?operatorId=${admin.id}`, {
      headers: standing.browser(app.url),
    });
    expect(refused.status).toBe(403);

    // Ending one's own other sessions says so too; signing out says nothing (they know).
    const own = await createTestOperator(app.db.prisma, "VIEWER");
    const laptop = await signIn(own);
    await app.call("POST", "/api/admin/sessions/end-others", { headers: own.browser(app.url) });
    expect(
      await whySessionEnded(app.db.prisma, { sessionId: laptop.sessionId, operatorId: own.id }, settings),
    ).toBe("ENDED_BY_OPERATOR");
    await getAuthOptions().events?.signOut?.({
      token: { operatorId: own.id, sessionId: own.sessionId },
      session: null as never,
    });
    expect(await why(own)).toBeNull();

    // Ran out: idle, or past its day.
    const idle = await createTestOperator(app.db.prisma, "VIEWER");
    await app.db.prisma.operatorSession.update({
      where: { id: idle.sessionId },
      data: { lastSeenAt: new Date(Date.now() - 31 * MINUTE) },
    });
    expect(await why(idle)).toBe("IDLE");
    const late = await createTestOperator(app.db.prisma, "VIEWER");
    await app.db.prisma.operatorSession.update({
      where: { id: late.sessionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await why(late)).toBe("EXPIRED");
  });

  it("signing out ends that session, the copied token included, and no other", async () => {
    const operator = await createTestOperator(app.db.prisma, "VIEWER");
    const second = await signIn(operator);
    expect((await listOrders(operator.script())).status).toBe(200);
    await getAuthOptions().events?.signOut?.({
      token: { operatorId: operator.id, sessionId: operator.sessionId },
      session: null as never,
    });
    expect((await listOrders(operator.script())).status).toBe(401);
    expect((await listOrders(operator.browser(app.url))).status).toBe(401);
    expect((await listOrders(bearer(second.jwt))).status).toBe(200);
  });
});

describe("the boundary of the console's API", () => {
  it("a cookie session with a made-up Bearer header still gets the cross-site check", async () => {
    const headers = { ...admin.browser("https://evil.example"), Authorization: "Bearer junk" };
    const answer = await app.call("POST", "/api/admin/products", {
      headers,
      json: { sku: "EVIL", name: "x", nameArabic: "x", priceFils: "1000" },
    });
    expect(answer.status).toBe(403);
    expect(await app.db.prisma.product.count({ where: { sku: "EVIL" } })).toBe(0);
  });

  it("a malformed percent-encoded cookie of any name is not a 500", async () => {
    const answer = await listOrders({ ...admin.script(), Cookie: "x=%E0%A4%A" });
    expect(answer.status).toBe(200);
    expect((await listOrders({ Cookie: "x=%E0%A4%A" })).status).toBe(401);
  });

  it("answers are never cached; an error's neither", async () => {
    const ok = await listOrders(admin.script());
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const refused = await listOrders({});
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("a write whose body is not labelled JSON is refused (415)", async () => {
    const answer = await app.call("POST", "/api/admin/products", {
      headers: { ...admin.script(), "content-type": "text/plain" },
      body: JSON.stringify({ sku: "PLAIN", name: "x", nameArabic: "x", priceFils: "1000" }),
    });
    expect(answer.status).toBe(415);
    expect(await app.db.prisma.product.count({ where: { sku: "PLAIN" } })).toBe(0);
  });
});
