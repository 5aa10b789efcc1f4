// The codemod of the move into bounded contexts, run as a fork runs it: in a fork that has merged
// the move, so the old files are gone and only their new homes exist. Every spelling of an import
// (alias, relative, `.js` for `.ts`, dynamic, vi.mock) and paths in comments and Markdown point at
// the new homes; a path already new is left alone; a second run changes nothing; --dry-run writes
// nothing.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CODEMOD = new URL("../../../scripts/codemods/bounded-contexts.mjs", import.meta.url).pathname;

/** Old path → where upstream put it (the CHANGELOG's table). */
const UPSTREAM_MOVES: [string, string][] = [
  ["lib/orders/create-order.ts", "lib/payments/orders/create-order.ts"],
  ["lib/admin/keyset.ts", "lib/platform/db/keyset.ts"],
  ["lib/auth/roles.ts", "lib/operators/roles/built-in-roles.ts"],
  ["lib/alerts/daily-summary.ts", "lib/payments/daily-summary.ts"],
  ["lib/events/retry-schedule.ts", "lib/platform/queue/retry-schedule.ts"],
];

const FORK_HOOK = `// Reserves stock like lib/orders/create-order.ts prices an order.
import { createOrder } from "@/lib/orders/create-order";
import { pageOf } from "../lib/admin/keyset";
import type { Role } from "@/lib/auth/roles.js";
import { HOOK_RETRY_DELAYS_MS } from "@/lib/events/retry-schedule";
import { getLogger } from "@/lib/platform/log";

export const later = () => import("@/lib/alerts/daily-summary");
`;

const FORK_TEST = `import { vi } from "vitest";
vi.mock("@/lib/orders/create-order");
`;

let repo: string;

function git(...args: string[]) {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8" });
}

function write(file: string, text: string) {
  mkdirSync(dirname(join(repo, file)), { recursive: true });
  writeFileSync(join(repo, file), text);
}

function codemod(...args: string[]) {
  return execFileSync(process.execPath, [CODEMOD, ...args], { cwd: repo, encoding: "utf8" });
}

const read = (file: string) => readFileSync(join(repo, file), "utf8");

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "codemod-fork-"));
  git("init", "-q", "-b", "upstream");
  git("config", "user.email", "fork@example.com");
  git("config", "user.name", "fork");
  for (const [old] of UPSTREAM_MOVES) write(old, "export {};\n");
  write("lib/platform/log.ts", "export {};\n");
  git("add", "-A");
  git("commit", "-qm", "before the move");

  git("checkout", "-qb", "fork");
  write("hooks/reserve-stock.ts", FORK_HOOK);
  write("test/reserve-stock.test.ts", FORK_TEST);
  write("docs/our-notes.md", "Roles come from `lib/auth/roles.ts`; orders from `lib/orders/`.\n");
  git("add", "-A");
  git("commit", "-qm", "the fork's own code");

  git("checkout", "-q", "upstream");
  for (const [old, now] of UPSTREAM_MOVES) {
    mkdirSync(dirname(join(repo, now)), { recursive: true });
    git("mv", old, now);
  }
  git("commit", "-qm", "the move");
  git("checkout", "-q", "fork");
  git("merge", "-q", "upstream", "-m", "merge the move");
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("the bounded-contexts codemod in a fork that merged the move", () => {
  it("--dry-run names the files and writes nothing", () => {
    const output = codemod("--dry-run");
    expect(output).toContain("would rewrite hooks/reserve-stock.ts");
    expect(output).toContain("would rewrite test/reserve-stock.test.ts");
    expect(output).toContain("would rewrite docs/our-notes.md");
    expect(read("hooks/reserve-stock.ts")).toBe(FORK_HOOK);
  });

  it("points every import, comment and Markdown path at the new homes", () => {
    expect(codemod()).toContain("rewrote 3 files");
    expect(
      read("hooks/reserve-stock.ts"),
    ).toBe(`// Reserves stock like lib/payments/orders/create-order.ts prices an order.
import { createOrder } from "@/lib/payments/orders/create-order";
import { pageOf } from "@/lib/platform/db/keyset";
import type { Role } from "@/lib/operators/roles/built-in-roles.js";
import { HOOK_RETRY_DELAYS_MS } from "@/lib/platform/queue/retry-schedule";
import { getLogger } from "@/lib/platform/log";

export const later = () => import("@/lib/payments/daily-summary");
`);
    expect(read("test/reserve-stock.test.ts")).toContain('vi.mock("@/lib/payments/orders/create-order");');
    expect(read("docs/our-notes.md")).toBe(
      "Roles come from `lib/operators/roles/built-in-roles.ts`; orders from `lib/payments/orders/`.\n",
    );
  });

  it("changes nothing when run again", () => {
    expect(codemod()).toContain("rewrote 0 files");
  });
});
