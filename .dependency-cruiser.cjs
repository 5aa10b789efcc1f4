// The layers of lib/, as a check (`npm run check:layers`, part of `npm test`). docs/architecture.md
// explains them; docs/adr/ records why. Contexts may import those below them, never those above:
//
//   wallet < platform < events < operators < customers < payments < console < http
//
// app/, workers/, hooks/ and scripts/ sit on top and may import any context. A strict order between
// contexts means no loop between them; `no-circular` also forbids loops between files.
const ORDER = ["wallet", "platform", "events", "operators", "customers", "payments", "console", "http"];

/** One rule per context: it imports none of the contexts above it. */
const contextRules = ORDER.slice(0, -1).map((context, index) => ({
  name: `${context}-imports-no-context-above`,
  comment: `lib/${context} sits below ${ORDER.slice(index + 1).join(", ")}: move the code down, or pass it in.`,
  severity: "error",
  from: { path: `^lib/${context}/` },
  to: { path: `^lib/(${ORDER.slice(index + 1).join("|")})/` },
}));

module.exports = {
  forbidden: [
    ...contextRules,
    {
      name: "wallet-imports-nothing-of-ours",
      comment:
        "lib/wallet is the pure signed client forks and the sandbox import: only its own files and packages.",
      severity: "error",
      from: { path: "^lib/wallet/" },
      to: { path: "^(lib/(?!wallet/)|app/|workers/|hooks/|scripts/|sandbox/|generated/)" },
    },
    {
      name: "lib-imports-no-entry-points",
      comment: "lib/ is imported by routes, pages, workers and hooks, never the other way round.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app/|workers/|hooks/|scripts/|sandbox/)" },
    },
    {
      name: "sandbox-imports-only-the-wallet-wire",
      comment:
        "The sandbox plays the wallet: it shares the wire format (lib/wallet) and how IQD is written (lib/platform/money), nothing else of the merchant's side.",
      severity: "error",
      from: { path: "^sandbox/" },
      to: { path: "^(lib/(?!wallet/|platform/money/)|app/|workers/|hooks/)" },
    },
    {
      name: "no-circular",
      comment: "A loop between files: break it by moving the shared part down.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/|^generated/" },
    exclude: { path: "^(\\.next|release)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
