// The README's table of the console's API names every route under app/api/admin: a route added
// without a line there is a route a fork's integrator never hears of. Only the table's first column
// counts, path by path, so a route merely mentioned in another's description does not pass.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;

/** Every /api/admin route file's path, `[id]` written `{id}` as the README writes it. */
function adminRoutePaths(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const path = `/${relative(join(root, "app"), dir).split(sep).join("/")}`;
        found.push(path.replace(/\[(\w+)\]/g, "{$1}"));
      }
    }
  };
  walk(join(root, "app/api/admin"));
  return found.sort();
}

/** The first column of the table under "The operator console's API", one string per row. */
function documentedRoutes(): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## The operator console's API"));
  const table = section.slice(section.indexOf("| Route |"));
  const rows = table
    .slice(0, table.search(/\n\s*\n/))
    .split("\n")
    .slice(2);
  // Cells are split on a bare `|`; the README escapes the ones inside a cell as `\|`.
  return rows.map((row) => row.split(/(?<!\\)\|/)[1] ?? "");
}

/** Whether a cell names `path` itself: not only as the start of a longer path. */
function names(cell: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escaped}(?![\\w/{}-])`).test(cell);
}

describe("the README's console API table", () => {
  const routes = adminRoutePaths();
  const cells = documentedRoutes();

  it("was found, with the routes it must name", () => {
    expect(cells.length).toBeGreaterThan(10);
    expect(routes).toEqual(
      expect.arrayContaining([
        "/api/admin/webhooks",
        "/api/admin/deliveries/dead",
        "/api/admin/alerts/rules",
      ]),
    );
  });

  it.each(routes)("names %s", (path) => {
    expect(cells.some((cell) => names(cell, path))).toBe(true);
  });
});
