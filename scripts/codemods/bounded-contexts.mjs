#!/usr/bin/env node
// Rewrites imports for the move of `lib/` into bounded contexts (release 0.2.0; the table below says
// where every old path went). Forks run it on their own tree after merging that release:
//
//   node scripts/codemods/bounded-contexts.mjs            # rewrite imports in every tracked file
//   node scripts/codemods/bounded-contexts.mjs --dry-run  # print what would change
//
// It reads `import … from "…"`, `export … from "…"`, `import("…")`, `require("…")` and `vi.mock("…")`
// specifiers, both `@/lib/…` and relative ones, and points each at the file's new home; paths
// written out in Markdown (`lib/payments/orders/create-order.ts`) are rewritten too. With `--move` it also
// moves the files themselves with `git mv` (the project used that once; a fork gets the moves with
// the merge). Safe to run twice: a path that is already new is left alone.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Old path (a folder ending in "/", or a file) → new path. The longest matching entry wins. */
export const MOVES = [
  // platform: shared plumbing that imports no context
  ["lib/db/", "lib/platform/db/"],
  ["lib/redis.ts", "lib/platform/redis.ts"],
  ["lib/env.ts", "lib/platform/env.ts"],
  ["lib/log.ts", "lib/platform/log.ts"],
  ["lib/config/", "lib/platform/config/"],
  ["lib/crypto/", "lib/platform/crypto/"],
  ["lib/ids/", "lib/platform/ids/"],
  ["lib/time/", "lib/platform/time/"],
  ["lib/money/", "lib/platform/money/"],
  ["lib/validation/", "lib/platform/validation/"],
  ["lib/errors/", "lib/platform/errors/"],
  ["lib/state/", "lib/platform/state/"],
  ["lib/queue/", "lib/platform/queue/"],
  ["lib/observability/app-metrics.ts", "lib/http/app-metrics.ts"],
  ["lib/observability/", "lib/platform/observability/"],
  ["lib/security/", "lib/platform/security/"],
  ["lib/health/readiness-response.ts", "lib/http/readiness-response.ts"],
  ["lib/health/", "lib/platform/health/"],
  ["lib/retention/", "lib/platform/retention/"],
  ["lib/context/", "lib/platform/context/"],
  ["lib/wallet-calls/", "lib/platform/wallet-calls/"],
  ["lib/wallet-check/", "lib/platform/wallet-check/"],
  ["lib/http/client-address.ts", "lib/platform/addresses/client-address.ts"],
  ["lib/http/peer-address.ts", "lib/platform/addresses/peer-address.ts"],
  ["lib/http/rate-limit.ts", "lib/platform/rate-limit.ts"],
  // Moved once more when the layer check broke the loops between contexts: what every context uses.
  ["lib/http/errors.ts", "lib/platform/errors/http-errors.ts"],
  ["lib/http/json.ts", "lib/platform/json.ts"],
  ["lib/admin/keyset.ts", "lib/platform/db/keyset.ts"],
  ["lib/events/retry-schedule.ts", "lib/platform/queue/retry-schedule.ts"],
  // The event envelope and the outbox writer are plumbing every context uses; each context now
  // defines its own events (lib/payments/payment-events.ts and others).
  ["lib/events/event-types.ts", "lib/platform/outbox/event-map.ts"],
  ["lib/events/write-event.ts", "lib/platform/outbox/write-event.ts"],
  // events: the outbox and its delivery to hooks, webhooks and alerts
  ["lib/webhooks/", "lib/events/webhooks/"],
  ["lib/alerts/daily-summary.ts", "lib/payments/daily-summary.ts"],
  ["lib/alerts/", "lib/events/alerts/"],
  // operators: sign-in, sessions, roles and permissions, API keys, the audit log
  ["lib/auth/api-key-auth.ts", "lib/operators/api-keys/authenticate-api-key.ts"],
  ["lib/admin/api-keys.ts", "lib/operators/api-keys/manage-api-keys.ts"],
  ["lib/admin/api-key-state.ts", "lib/operators/api-keys/api-key-state.ts"],
  ["lib/auth/operator-session.ts", "lib/operators/current-operator.ts"],
  ["lib/auth/operator-sessions.ts", "lib/operators/sessions/operator-sessions.ts"],
  ["lib/admin/sessions.ts", "lib/operators/sessions/manage-sessions.ts"],
  ["lib/admin/device-name.ts", "lib/operators/sessions/device-name.ts"],
  ["lib/auth/roles.ts", "lib/operators/roles/built-in-roles.ts"],
  ["lib/admin/roles.ts", "lib/operators/roles/manage-roles.ts"],
  ["lib/auth/grants.ts", "lib/operators/roles/grants.ts"],
  ["lib/auth/permissions.ts", "lib/operators/roles/permissions.ts"],
  ["lib/admin/operators.ts", "lib/operators/manage-operators.ts"],
  ["lib/admin/audit.ts", "lib/operators/audit/record-audit.ts"],
  ["lib/admin/audit-actions.ts", "lib/operators/audit/audit-actions.ts"],
  ["lib/admin/audit-log.ts", "lib/operators/audit/audit-log.ts"],
  ["lib/auth/", "lib/operators/sign-in/"],
  // customers: wallet users, their tokens and mini program sessions, push messages
  ["lib/sessions/", "lib/customers/"],
  ["lib/push/", "lib/customers/push/"],
  // payments: orders, escrow, refunds, agreements, the catalog, notifications, reconciliation
  ["lib/orders/refund-state.ts", "lib/payments/refunds/refund-figures.ts"],
  ["lib/orders/", "lib/payments/orders/"],
  ["lib/escrow/", "lib/payments/escrow/"],
  ["lib/refunds/", "lib/payments/refunds/"],
  ["lib/agreements/", "lib/payments/agreements/"],
  ["lib/catalog/", "lib/payments/catalog/"],
  ["lib/reconcile/", "lib/payments/reconcile/"],
  ["lib/notifications/", "lib/payments/notifications/"],
  // console: what the operator console reads and does, in its two languages
  ["lib/admin/", "lib/console/"],
  ["lib/i18n/", "lib/console/i18n/"],
  // http: the route boundary and the API contract
  ["lib/api/contract/", "lib/http/contract/"],
  ["lib/api/openapi-document.ts", "lib/http/openapi-document.ts"],
];

const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** Where an old repository path lives now (itself when no entry matches). */
export function newPathOf(oldPath, moves = MOVES) {
  let best;
  for (const [from, to] of moves) {
    const matches = from.endsWith("/") ? oldPath.startsWith(from) : oldPath === from;
    if (matches && (!best || from.length > best[0].length)) best = [from, to];
  }
  return best ? best[1] + oldPath.slice(best[0].length) : oldPath;
}

function trackedFiles(root) {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" });
  return out.split("\0").filter(Boolean);
}

/** The files a specifier may name: itself, with a source extension, or `.js` written for `.ts`. */
function candidatesOf(specifierPath) {
  const candidates = [specifierPath, ...SOURCE_EXTENSIONS.map((ext) => specifierPath + ext)];
  // `.js` written for a `.ts` file (ESM style)
  const stem = specifierPath.replace(/\.(m?js)$/, "");
  if (stem !== specifierPath) candidates.push(`${stem}.ts`, `${stem}.mts`);
  return candidates;
}

/**
 * The repository file a specifier names, as it was before the move, or undefined. Before the move
 * that file exists. In a fork that has merged the move it is gone: the specifier still names an old
 * file when the file's new home exists.
 */
function resolveOld(specifierPath, known, moves) {
  return candidatesOf(specifierPath).find(
    (candidate) => known.has(candidate) || known.has(newPathOf(candidate, moves)),
  );
}

/** The specifier text for `newTarget` as seen from `fromFileNew`, in the style the old one was written. */
function specifierFor(oldSpec, oldTarget, newTarget, fromFileNew) {
  let target;
  if (/\.(m?js|tsx?|json|css)$/.test(oldSpec)) {
    // An extension written out stays written out (`./x.js` for `./x.ts` in ESM style).
    target =
      newTarget.slice(0, newTarget.length - path.posix.extname(newTarget).length) +
      path.posix.extname(oldSpec);
  } else if (/\/index\.tsx?$/.test(oldTarget) && !oldSpec.endsWith("/index")) {
    target = newTarget.replace(/\/index\.tsx?$/, "");
  } else {
    target = newTarget.replace(/\.(tsx?|mts)$/, "");
  }
  if (oldSpec.startsWith("@/")) return `@/${target}`;
  let rel = path.posix.relative(path.posix.dirname(fromFileNew), target);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  // A relative import that now leaves its context reads better through the alias.
  const contextOf = (p) => p.split("/").slice(0, 2).join("/");
  if (rel.startsWith("../") && target.startsWith("lib/") && contextOf(fromFileNew) !== contextOf(target)) {
    return `@/${target}`;
  }
  return rel;
}

const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|importActual)\s*\(\s*|\bexport\s+\*\s+from\s*)(["'])([^"'\n]+)\2/g;

function rewriteCode(text, fileOld, fileNew, known, moves) {
  return text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    let oldTarget;
    if (spec.startsWith("@/")) oldTarget = resolveOld(spec.slice(2), known, moves);
    else if (spec.startsWith("./") || spec.startsWith("../"))
      oldTarget = resolveOld(
        path.posix.normalize(path.posix.join(path.posix.dirname(fileOld), spec)),
        known,
        moves,
      );
    if (!oldTarget) return whole;
    const newTarget = newPathOf(oldTarget, moves);
    if (newTarget === oldTarget && fileNew === fileOld) return whole;
    const next = specifierFor(spec, oldTarget, newTarget, fileNew);
    return next === spec ? whole : `${lead}${quote}${next}${quote}`;
  });
}

/** `lib/payments/orders/create-order.ts`, `lib/payments/orders/` or `lib/platform/log.ts` written out in prose. */
function rewriteProse(text, moves) {
  return text.replace(/(?<![\w.-]|[\w.-]\/)(\.\.\/)*lib\/[\w./-]*[\w/]/g, (match) => {
    const up = match.match(/^(\.\.\/)*/)[0];
    const bare = match.slice(up.length);
    const asFolder = bare.endsWith("/") ? bare : undefined;
    const mapped = asFolder ? newPathOf(asFolder, moves) : newPathOf(bare, moves);
    if (mapped !== bare) return up + mapped;
    // A folder named without its trailing slash (`lib/payments/orders`)
    const folder = newPathOf(`${bare}/`, moves);
    return folder !== `${bare}/` ? up + folder.slice(0, -1) : match;
  });
}

function main() {
  const args = new Set(process.argv.slice(2));
  const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
  const files = trackedFiles(root).filter((f) => existsSync(path.join(root, f)));
  const known = new Set(files);
  const moved = files.map((f) => [f, args.has("--move") ? newPathOf(f) : f]);
  let changed = 0;
  for (const [fileOld, fileNew] of moved) {
    const full = path.join(root, fileOld);
    if (!statSync(full).isFile()) continue;
    const isCode = CODE.test(fileOld);
    // History stays as it was written: old migrations (their checksums) and the CHANGELOG.
    if (fileOld.startsWith("prisma/migrations/") || fileOld === "CHANGELOG.md") continue;
    const isProse = /\.(md|json|yml|yaml|prisma)$/.test(fileOld) || fileOld === ".ci/run";
    if (!isCode && !isProse) continue;
    const text = readFileSync(full, "utf8");
    let next = isCode ? rewriteCode(text, fileOld, fileNew, known, MOVES) : text;
    if (isProse || isCode) next = rewriteProseInComments(next, isProse);
    if (next !== text) {
      changed++;
      if (args.has("--dry-run")) console.log(`would rewrite ${fileOld}`);
      else writeFileSync(full, next);
    }
  }
  if (args.has("--move") && !args.has("--dry-run")) {
    for (const [fileOld, fileNew] of moved) {
      if (fileOld === fileNew) continue;
      execFileSync("mkdir", ["-p", path.dirname(path.join(root, fileNew))]);
      execFileSync("git", ["mv", fileOld, fileNew], { cwd: root });
    }
  }
  console.log(`${args.has("--dry-run") ? "would rewrite" : "rewrote"} ${changed} files`);

  function rewriteProseInComments(text, whole) {
    if (whole) return rewriteProse(text, MOVES);
    // In code, only comments mention paths as prose; strings were handled as specifiers.
    return text.replace(/(\/\/[^\n]*|\/\*[\s\S]*?\*\/)/g, (comment) => rewriteProse(comment, MOVES));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
