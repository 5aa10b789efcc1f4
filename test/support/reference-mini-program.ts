// The reference mini program (miniapp/) for browser tests: built fresh by Vite into a temp folder
// (a second or so; never a stale build), served as the wallet would host it, and opened in the
// sandbox's wallet container.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { build } from "vite";
import { MESSAGES } from "@/miniapp/src/messages";
import { openInContainer } from "./container";
import { type StaticServer, serveStatic } from "./static-server";

export type Language = keyof typeof MESSAGES;
type MessageKey = keyof (typeof MESSAGES)["en"];

export async function serveReferenceMiniProgram(): Promise<StaticServer> {
  const outDir = mkdtempSync(path.join(tmpdir(), "miniapp-"));
  await build({
    configFile: path.resolve("miniapp/vite.config.ts"),
    build: { outDir, emptyOutDir: true },
    logLevel: "warn",
  });
  const server = await serveStatic(outDir);
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The words the mini program says for `key` in `language`, with `{params}` filled in. */
export function words(language: Language, key: MessageKey, params: Record<string, string> = {}): string {
  return MESSAGES[language][key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
}

/**
 * A new wallet user opens the shop in the container: storage of earlier tests cleared, signed in
 * silently, the catalog shown.
 */
export async function openShop(
  browser: BrowserContext,
  urls: { sandbox: string; miniProgram: string; app: string },
  options: { lang: Language; persona?: string },
): Promise<{ page: Page; shop: Frame }> {
  const address = `${urls.miniProgram}/?api=${encodeURIComponent(urls.app)}`;
  const { page, app: shop } = await openInContainer(browser, urls.sandbox, address, options);
  await shop.evaluate(() => {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // A browser that refuses storage to a page inside another: the mini program keeps it in memory.
    }
  });
  await shop.goto(shop.url().split("#")[0] ?? shop.url());
  await shop.locator("#products li").first().waitFor({ timeout: 20_000 });
  return { page, shop };
}
