// The reference mini program's weight and first load: its files as the wallet would host them
// (bytes, gzip), then its first load inside the wallet container at 390 px on Chromium's "Slow 4G"
// profile (CDP network emulation: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up), against the
// production build of the app and the sandbox — from navigation to the catalog on screen, and to the
// silent sign-in's session. The first load pays every CORS preflight; the repeats have them cached
// (as the webview would), the HTTP cache off.
//
//   npm run build && npm run bench:miniapp
//
// Aim: under 100 KB gzip, the catalog under 2 s on Slow 4G.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium, type Frame } from "playwright-core";
import { build } from "vite";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { containerAddress } from "../test/support/container";
import { createTestDatabase } from "../test/support/database";
import { startNextApp } from "../test/support/next-app";
import { startTestSandbox } from "../test/support/sandbox";
import { serveStatic } from "../test/support/static-server";

const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
const REPEATS = 5;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

function weigh(dir: string): void {
  let raw = 0;
  let gzip = 0;
  for (const file of files(dir)) {
    const bytes = readFileSync(file);
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    console.log(
      `  ${path.relative(dir, file).padEnd(34)} ${String(bytes.length).padStart(7)} B  gzip ${String(zipped).padStart(6)} B`,
    );
  }
  console.log(
    `  ${"total".padEnd(34)} ${String(raw).padStart(7)} B  gzip ${String(gzip).padStart(6)} B (${(gzip / 1024).toFixed(1)} KB)`,
  );
}

/** Chromium with the mini program's frame in the page's process, so one emulation covers it. */
async function launchChromium(): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const profileDir = mkdtempSync(path.join(tmpdir(), "bench-profile-"));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-site-isolation-trials",
      "--disable-features=IsolateOrigins,site-per-process",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ms from the mini program's own navigation start (its frame's performance clock) to the catalog on
 * screen, and to the answer of its session request (the silent sign-in).
 */
function measured(frame: Frame): Promise<{ catalog: number; session: number }> {
  // No named helpers inside: tsx would wrap them in a __name() the page does not have.
  return frame.evaluate(async () => {
    let catalog = 0;
    while (!document.querySelector("#products li"))
      await new Promise((resolve) => requestAnimationFrame(resolve));
    catalog = performance.now();
    let session: PerformanceEntry | undefined;
    while (!session) {
      session = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/mini/session"));
      if (!session) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      catalog: Math.round(catalog),
      session: Math.round((session as PerformanceResourceTiming).responseEnd),
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const outDir = mkdtempSync(path.join(tmpdir(), "miniapp-bench-"));
  const [db, sandbox, files] = await Promise.all([
    createTestDatabase(),
    startTestSandbox(),
    serveStatic(outDir),
  ]);
  await seedDemoCatalog(db.prisma);
  const origin = `http://app-${files.port}.localhost:${new URL(sandbox.url).port}`;
  const app = await startNextApp({
    databaseUrl: db.url,
    sandbox,
    extraEnv: { MINI_PROGRAM_ORIGINS: origin },
  });
  // Built as it ships: the backend's address fixed in it (npm run miniapp:build with MINIAPP_API_BASE_URL).
  process.env.MINIAPP_API_BASE_URL = app.url;
  await build({
    configFile: path.resolve("miniapp/vite.config.ts"),
    build: { outDir, emptyOutDir: true },
    logLevel: "warn",
  });
  console.log(`miniapp/dist as shipped (MINIAPP_API_BASE_URL=${app.url}):`);
  weigh(outDir);
  const browser = await launchChromium();
  try {
    const address = `${files.url}/`;
    const page = await browser.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await browser.browser.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await page.goto(containerAddress(sandbox.url, address), { timeout: 120_000 });
    const frame = await (await page.waitForSelector("iframe#mini-program")).contentFrame();
    if (!frame) throw new Error("no mini program frame");
    const runs = [await measured(frame)];
    for (let run = 0; run < REPEATS; run++) {
      await frame.goto(frame.url(), { waitUntil: "commit", timeout: 60_000 });
      runs.push(await measured(frame));
    }
    const [first, ...repeats] = runs;
    console.log(
      "\nfirst load at 390 px, Slow 4G (CDP), in the wallet container, against the standalone server:",
    );
    console.log(
      `  first load (CORS preflights not cached yet): catalog ${first?.catalog} ms, signed in ${first?.session} ms`,
    );
    console.log(
      `  repeat loads (median of ${REPEATS}, HTTP cache off): catalog ${median(repeats.map((r) => r.catalog))} ms, signed in ${median(repeats.map((r) => r.session))} ms`,
    );
  } finally {
    await browser.close();
    await app.close();
    await files.close();
    await sandbox.close();
    await db.drop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
