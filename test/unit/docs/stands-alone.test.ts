// The repository stands alone: no file points at a style guide or design notes kept outside it.
// The house style is CONTRIBUTING.md and the decisions are docs/adr/; a comment that cites anything
// else sends a reader to a file they do not have.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
// Spelled in pieces, so this file does not find itself.
const OUTSIDE = [["STYLE", "md"].join("."), ["DESIGN", "md"].join("."), ["..", "shared", ""].join("/")];

describe("the repository", () => {
  it("cites no guide that lives outside it", () => {
    const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => /\.(ts|tsx|mts|mjs|cjs|js|md|json|yml|yaml|sql|prisma|sh)$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    const citing = files.filter((file) => {
      let text: string;
      try {
        text = readFileSync(join(root, file), "utf8");
      } catch {
        return false; // listed but deleted in the work tree
      }
      return OUTSIDE.some((name) => text.includes(name));
    });
    expect(citing).toEqual([]);
  });

  it("has the guides it points to instead", () => {
    for (const file of ["CONTRIBUTING.md", "SECURITY.md", "LICENSE", "docs/adr/README.md"]) {
      expect(readFileSync(join(root, file), "utf8").length).toBeGreaterThan(100);
    }
  });
});
