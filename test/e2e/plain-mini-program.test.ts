// The acceptance of the wallet container: a mini program written apart from ours — a plain HTML
// page on its own port that loads the wallet's bridge from its CDN address, calls my.getAuthCode and
// then my.tradePay with callbacks, as the wallet's public demos do — runs unchanged in the container
// against the production build of the app and pays. Its calls to the backend cross origins, so this
// is also where the mini program API's CORS is checked over the wire: the listed origin is answered,
// preflight included, and nothing is given to any other.
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { launchBrowser } from "@/test/support/browser";
import { openInContainer, sheet } from "@/test/support/container";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { type StaticServer, serveStatic } from "@/test/support/static-server";

let db: TestDatabase;
let sandbox: TestSandbox;
let plain: StaticServer;
let app: RunningApp | undefined;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
/** Where the container serves the plain page: the origin its backend calls come from. */
let plainOrigin: string;

beforeAll(async () => {
  [db, sandbox, plain] = await Promise.all([
    createTestDatabase(),
    startTestSandbox(),
    serveStatic(path.resolve("test/support/fixtures/plain-mini-program")),
  ]);
  await seedDemoCatalog(db.prisma);
  plainOrigin = `http://app-${plain.port}.localhost:${new URL(sandbox.url).port}`;
  app = await startNextApp({
    databaseUrl: db.url,
    sandbox,
    extraEnv: { MINI_PROGRAM_ORIGINS: `https://shop.wallet-cdn.example,${plainOrigin}` },
  });
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await app?.close();
  await plain?.close();
  await sandbox?.close();
  await db?.drop();
});

describe("a plain HTML mini program in the wallet container", () => {
  it("signs in with my.getAuthCode, pays with my.tradePay's callback and sees PAID", async () => {
    const appUrl = app?.url ?? "";
    const { page, app: shop } = await openInContainer(
      browser,
      sandbox.url,
      `${plain.url}/?api=${encodeURIComponent(appUrl)}`,
    );
    await shop.click("#buy");
    await sheet(page).locator("#amount").filter({ hasText: "2,500 IQD" }).waitFor();
    await sheet(page).locator("#pay").click();
    await sheet(page).locator("#back").click();
    await shop.locator("#result-code").filter({ hasText: "9000" }).waitFor();
    await shop.locator("#order-status").filter({ hasText: "PAID" }).waitFor({ timeout: 20_000 });
    const order = await db.prisma.order.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(order).toMatchObject({ status: "PAID", flow: "CASHIER", amountFils: 2_500_000n });
    await page.close();
  });
});

describe("CORS on /api/mini/*", () => {
  const preflight = (origin: string, path = "/api/mini/orders") =>
    fetch(`${app?.url}${path}`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
      },
    });

  it("answers a listed origin's preflight for every mini program route", async () => {
    for (const origin of ["https://shop.wallet-cdn.example", plainOrigin]) {
      for (const path of ["/api/mini/orders", "/api/mini/session", "/api/mini/orders/x/confirm-receipt"]) {
        const answer = await preflight(origin, path);
        expect(answer.status, `${origin} ${path}`).toBe(204);
        expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
        expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST");
        expect(answer.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
      }
    }
  });

  it("gives another origin nothing, preflight or not", async () => {
    for (const origin of ["https://evil.example", "http://shop.wallet-cdn.example", "null"]) {
      const answer = await preflight(origin);
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
      expect(answer.headers.get("access-control-allow-methods")).toBeNull();
      const read = await fetch(`${app?.url}/api/mini/products`, { headers: { Origin: origin } });
      expect(read.status).toBe(200);
      expect(read.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("names the listed origin on answers and errors alike, and nowhere outside /api/mini", async () => {
    const origin = "https://shop.wallet-cdn.example";
    const catalog = await fetch(`${app?.url}/api/mini/products`, { headers: { Origin: origin } });
    expect(catalog.headers.get("access-control-allow-origin")).toBe(origin);
    expect(catalog.headers.get("vary")).toContain("Origin");
    const refused = await fetch(`${app?.url}/api/mini/session`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ authCode: "no-such-code" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(origin);
    const unauthenticated = await fetch(`${app?.url}/api/mini/orders`, { headers: { Origin: origin } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("access-control-allow-origin")).toBe(origin);
    const health = await fetch(`${app?.url}/api/health/live`, { headers: { Origin: origin } });
    expect(health.headers.get("access-control-allow-origin")).toBeNull();
    const withoutOrigin = await fetch(`${app?.url}/api/mini/products`);
    expect(withoutOrigin.headers.get("access-control-allow-origin")).toBeNull();
  });
});
