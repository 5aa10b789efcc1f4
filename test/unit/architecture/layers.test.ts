// The layer check (`npm run check:layers`, .dependency-cruiser.cjs) run on small made-up trees: every
// rule must refuse the import it names and let the allowed direction through. Without this, a rule
// whose path pattern stopped matching (after a rename, say) would pass silently forever.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../../..");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "layers-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Writes a tree of files (path → the file's imports) and runs the check on it. */
async function checkTree(name: string, files: Record<string, string[]>) {
  const root = path.join(scratch, name);
  for (const [file, imports] of Object.entries(files)) {
    await mkdir(path.join(root, path.dirname(file)), { recursive: true });
    const lines = imports.map(
      (target, index) => `import * as m${index} from "@/${target.replace(/\.ts$/, "")}";`,
    );
    const uses = imports.map((_, index) => `m${index}`).join(", ");
    await writeFile(path.join(root, file), `${lines.join("\n")}\nexport const used = [${uses}];\n`);
  }
  await writeFile(
    path.join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
  );
  const folders = [...new Set(Object.keys(files).map((file) => file.split("/")[0] as string))];
  const args = [
    "--import",
    path.join(repo, "tools/dependency-rules/use-typescript-5.mjs"),
    path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
    "--config",
    path.join(repo, ".dependency-cruiser.cjs"),
    ...folders,
  ];
  try {
    const { stdout } = await run(process.execPath, args, { cwd: root });
    return { ok: true, output: stdout };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

describe("the layer check", () => {
  it("lets every context import those below it", async () => {
    const result = await checkTree("downwards", {
      "lib/wallet/sign.ts": [],
      "lib/platform/db.ts": ["lib/wallet/sign.ts"],
      "lib/events/outbox.ts": ["lib/platform/db.ts"],
      "lib/operators/roles.ts": ["lib/events/outbox.ts"],
      "lib/customers/person.ts": ["lib/operators/roles.ts"],
      "lib/payments/order.ts": ["lib/customers/person.ts", "lib/platform/db.ts"],
      "lib/console/list.ts": ["lib/payments/order.ts"],
      "lib/http/route.ts": ["lib/console/list.ts"],
      "app/page.ts": ["lib/http/route.ts", "lib/payments/order.ts"],
      "sandbox/server.ts": ["lib/wallet/sign.ts"],
    });
    expect(result.output).toContain("no dependency violations");
    expect(result.ok).toBe(true);
  });

  // Every forbidden import at once, in one tree: each must be reported under its rule.
  const FORBIDDEN: [rule: string, from: string, to: string][] = [
    ["platform-imports-no-context-above", "lib/platform/rate-limit.ts", "lib/http/errors.ts"],
    ["platform-imports-no-context-above", "lib/platform/outbox/event-map.ts", "lib/payments/order-flags.ts"],
    ["events-imports-no-context-above", "lib/events/flush-alerts.ts", "lib/payments/daily-summary.ts"],
    ["operators-imports-no-context-above", "lib/operators/audit-log.ts", "lib/console/request-schemas.ts"],
    ["customers-imports-no-context-above", "lib/customers/authenticate.ts", "lib/http/errors.ts"],
    ["payments-imports-no-context-above", "lib/payments/daily-summary.ts", "lib/console/list-orders.ts"],
    ["console-imports-no-context-above", "lib/console/action.ts", "lib/http/json.ts"],
    ["wallet-imports-no-context-above", "lib/wallet/transport.ts", "lib/platform/log.ts"],
    ["wallet-imports-nothing-of-ours", "lib/wallet/sign.ts", "generated/prisma/client.ts"],
    ["lib-imports-no-entry-points", "lib/payments/order.ts", "workers/main.ts"],
    ["lib-imports-no-entry-points", "lib/http/route.ts", "app/layout.ts"],
    ["sandbox-imports-only-the-wallet-wire", "sandbox/server.ts", "lib/payments/order.ts"],
    ["sandbox-imports-only-the-wallet-wire", "sandbox/pages.ts", "app/admin/page.ts"],
  ];

  it("refuses every import against the layers, each under its rule", async () => {
    const tree: Record<string, string[]> = {};
    for (const [, from, to] of FORBIDDEN) {
      tree[from] = [...(tree[from] ?? []), to];
      tree[to] ??= [];
    }
    const result = await checkTree("upwards", tree);
    expect(result.ok).toBe(false);
    for (const [rule, from, to] of FORBIDDEN) expect(result.output).toContain(`${rule}: ${from} → ${to}`);
  });

  it("refuses a loop between files of one context", async () => {
    const result = await checkTree("loop", {
      "lib/operators/current-operator.ts": ["lib/operators/sign-in.ts"],
      "lib/operators/sign-in.ts": ["lib/operators/audit.ts"],
      "lib/operators/audit.ts": ["lib/operators/current-operator.ts"],
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain("no-circular");
  });
});
