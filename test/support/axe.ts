// axe-core in a Playwright page: every finding, whatever its impact, as "rule at selector" lines.
import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";

const require = createRequire(import.meta.url);

interface AxeWindow {
  axe: {
    run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
  };
}

/** In a page, or in one frame of it (a mini program inside the wallet container). */
export async function axeFindings(page: Page | Frame): Promise<string[]> {
  // A page that is still streaming (Next sends a dynamic page's <title> after its body, and a
  // router.refresh() streams again) is judged once it has arrived: a title that never comes is still
  // reported by axe's document-title rule.
  await page
    .waitForFunction(() => document.readyState === "complete" && document.title !== "", null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  return page.evaluate(async () => {
    const result = await (window as unknown as AxeWindow).axe.run();
    return result.violations.map(
      (violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  });
}
