// The console's read model (lib/platform/db/read-model.ts: the replica of DATABASE_REPLICA_URL, or
// the primary without one) may be a moment behind. That is fine for what operators look at — lists,
// search, exports, the dashboard, the metrics' counts — and never for what decides about money: what
// is still refundable, limits, approvals and their four eyes, an action and the page showing its
// result. This keeps the two apart: only the files named here use the read model, and nothing that
// decides about money reaches it, directly or through what it imports.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../../..");

/** `ctx.readModel`, `getReadModel()`, an import of read-model.ts. */
const USES_READ_MODEL = /\breadModel\b|\bgetReadModel\w*\b|db\/read-model\b/;

/** Every file that may read the read model, and why. A new use is a decision: add it here. */
const MAY_USE = [
  "lib/platform/db/read-model.ts", // the read model itself
  "lib/platform/db/raw-pool.ts", // the CSV export's pool on it
  "lib/platform/context/service-context.ts", // puts it beside `prisma` on the context
  "lib/console/dashboard.ts", // the dashboard's figures
  "lib/http/app-metrics.ts", // the metrics' counts and the replica's lag
  "app/admin/(console)/orders/page.tsx", // the order list and its search
  "app/api/admin/orders/route.ts",
  "app/api/admin/orders/export/route.ts", // the CSV export
  "app/admin/(console)/customers/page.tsx",
  "app/api/admin/customers/route.ts",
  "app/admin/(console)/refunds/page.tsx",
  "app/api/admin/refunds/route.ts",
  "app/admin/(console)/notifications/page.tsx",
  "app/api/admin/notifications/route.ts",
  "app/admin/(console)/subscriptions/page.tsx",
  "app/api/admin/subscriptions/route.ts",
  "app/api/admin/subscriptions/export/route.ts",
];

/** What decides about money (or who may): these, and everything they import, read the primary. */
const DECIDES_ABOUT_MONEY = [
  "lib/payments", // orders, refunds and their limits, escrow, reconciliation, notifications
  "lib/operators", // who may do what, second factors, API keys
  "lib/console/orders/actions", // every action on an order
  "lib/console/orders/order-detail.ts", // the order page an action returns to
  "lib/console/orders/order-money.ts", // refundable and returnable amounts
  "lib/console/refund-approvals.ts", // approve or reject, four eyes
  "lib/console/approvals-list.ts",
  "lib/console/idempotent-action.ts",
  "app/admin/(console)/orders/[id]", // the result page right after an action
  "app/admin/(console)/approvals",
  "app/api/admin/orders/[id]",
  "app/api/admin/refund-requests",
  "lib/console/subscriptions/subscription-actions.ts", // pause, resume, cancel, charge now
  "lib/console/subscriptions/refund-period.ts",
  "lib/console/subscriptions/subscription-detail.ts", // the page those actions return to
  "app/admin/(console)/subscriptions/[id]",
  "app/api/admin/subscriptions/[id]",
  "workers",
  "hooks",
];

const SOURCE = /\.(ts|tsx)$/;

/** A file's code without its comments: a comment naming the read model does not use it. */
function codeOf(file: string): string {
  return readFileSync(path.join(repo, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|\s)\/\/.*$/gm, "$1");
}

function filesUnder(entry: string): string[] {
  const full = path.join(repo, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((file) => SOURCE.test(file))
    .map((file) => path.join(entry, file));
}

const IMPORT = /(?:import|export)[^"';]*?from\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;

/** The repository files `file` imports (the `@/` alias and relative paths; packages left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(repo, file), "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = (match[1] ?? match[2]) as string;
    const base = target.startsWith("@/")
      ? target.slice(2)
      : target.startsWith(".")
        ? path.join(path.dirname(file), target)
        : undefined;
    if (base === undefined) continue;
    const resolved = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
      (candidate) => existsSync(path.join(repo, candidate)) && statSync(path.join(repo, candidate)).isFile(),
    );
    if (resolved) found.push(path.normalize(resolved));
  }
  return found;
}

/**
 * The files `start` reaches through its imports that use the read model, each with the import
 * chain. The service context is not followed: every service takes it, and it only carries the
 * read model; what matters is who picks `readModel` out of it.
 */
function readModelReachedFrom(start: string): string[] {
  const seen = new Set<string>([start]);
  const queue: { file: string; chain: string[] }[] = [{ file: start, chain: [start] }];
  const reached: string[] = [];
  while (queue.length > 0) {
    const { file, chain } = queue.shift() as { file: string; chain: string[] };
    if (file === "lib/platform/context/service-context.ts") continue;
    if (USES_READ_MODEL.test(codeOf(file))) reached.push(chain.join(" → "));
    for (const next of importsOf(file)) {
      if (seen.has(next) || next.startsWith("generated/")) continue;
      seen.add(next);
      queue.push({ file: next, chain: [...chain, next] });
    }
  }
  return reached;
}

describe("the console's read model (the replica)", () => {
  const everything = ["lib", "app", "workers", "hooks", "scripts", "sandbox"].flatMap(filesUnder);
  const moneyFiles = DECIDES_ABOUT_MONEY.flatMap(filesUnder);

  it("the checks look where the code is", () => {
    expect(everything.length).toBeGreaterThan(300);
    expect(moneyFiles.length).toBeGreaterThan(60);
    for (const file of MAY_USE) expect(existsSync(path.join(repo, file)), file).toBe(true);
  });

  it("is used only by the files named here", () => {
    const users = everything.filter((file) => USES_READ_MODEL.test(codeOf(file)));
    expect(users.sort()).toEqual([...MAY_USE].sort());
  });

  it.each(moneyFiles)("%s reaches no read of the read model", (file) => {
    expect(readModelReachedFrom(file)).toEqual([]);
  });

  it("its routes only read (writes read the primary)", () => {
    for (const file of MAY_USE.filter((name) => name.endsWith("route.ts"))) {
      const text = readFileSync(path.join(repo, file), "utf8");
      expect(text, file).toMatch(/export const GET\b/);
      expect(text, file).not.toMatch(/export (const|async function) (POST|PUT|PATCH|DELETE)\b/);
    }
  });

  it("the patterns catch the ways code would use it", () => {
    for (const line of [
      "await listOrders(ctx.readModel, query)",
      'import { getReadModel } from "@/lib/platform/db/read-model";',
      "const { readModel } = ctx;",
      "getReadModelRawPool()",
    ]) {
      expect(USES_READ_MODEL.test(line), line).toBe(true);
    }
    expect(USES_READ_MODEL.test("dashboard.readModelLagSeconds")).toBe(false);
    expect(USES_READ_MODEL.test("await listOrders(ctx.prisma, query)")).toBe(false);
    const imports = [...'import { a } from "@/lib/x";\nexport { b } from "./y";'.matchAll(IMPORT)];
    expect(imports.map((match) => match[1])).toEqual(["@/lib/x", "./y"]);
  });
});
