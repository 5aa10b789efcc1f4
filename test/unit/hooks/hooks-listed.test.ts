// A hook file that is not listed in hooks/index.ts never runs, and nothing else would say so: the
// events worker only knows the list. This check runs in `npm test`, in a fork's CI too.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOOKS } from "@/hooks";
import { hookRegistry } from "@/lib/events/hooks";

const HOOKS_DIR = path.resolve(import.meta.dirname, "../../../hooks");

function isHook(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { name?: unknown }).name === "string" &&
    typeof (value as { handle?: unknown }).handle === "function"
  );
}

describe("hooks/index.ts", () => {
  it("lists every hook defined in hooks/, under distinct names", async () => {
    const files = readdirSync(HOOKS_DIR).filter((file) => /\.tsx?$/.test(file) && !file.startsWith("index."));
    const defined = [];
    for (const file of files) {
      const module = (await import(path.join(HOOKS_DIR, file))) as { default?: unknown };
      if (isHook(module.default)) defined.push({ file, hook: module.default });
    }
    expect(defined.map(({ file }) => file)).toEqual(expect.arrayContaining(["kitchen-ticket.ts"]));
    for (const { file, hook } of defined) {
      expect(HOOKS, `hooks/${file} is not listed in hooks/index.ts`).toContain(hook);
    }
    expect(() => hookRegistry(HOOKS)).not.toThrow();
  });
});
