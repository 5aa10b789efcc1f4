// Pages and layouts read through the console's services (lib/console, lib/operators …), never through
// Prisma's query API: what a page shows is then what the JSON API answers, tested once, and a query a
// page needs gets a name and a home a fork can find. Passing `ctx.prisma` on to a service is fine.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../../..");
const QUERY =
  /\bprisma\s*\.\s*(\$queryRaw|\$executeRaw|\$transaction|\w+\s*\.\s*(find\w*|create\w*|update\w*|delete\w*|upsert|count|aggregate|groupBy))\b/;

function pagesUnder(folder: string): string[] {
  return readdirSync(path.join(repo, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /(^|\/)(page|layout)\.tsx$/.test(file))
    .map((file) => path.join(folder, file));
}

describe("pages", () => {
  const pages = pagesUnder("app");

  it("are found (the check looks where the pages are)", () => {
    expect(pages.length).toBeGreaterThan(15);
  });

  it.each(pages)("%s queries no table itself", (page) => {
    const lines = readFileSync(path.join(repo, page), "utf8").split("\n");
    const queries = lines.flatMap((line, index) =>
      QUERY.test(line) ? [`${index + 1}: ${line.trim()}`] : [],
    );
    expect(queries).toEqual([]);
  });

  it("the pattern catches the ways a page would query", () => {
    for (const line of [
      "const row = await ctx.prisma.operator.findUnique({ where: { id } });",
      "await prisma.apiKey.findMany({})",
      "ctx.prisma.$queryRaw`SELECT 1`",
      "await ctx.prisma . order . count()",
    ]) {
      expect(QUERY.test(line), line).toBe(true);
    }
    expect(QUERY.test("await listAuditEntries(ctx.prisma, query)")).toBe(false);
  });
});
