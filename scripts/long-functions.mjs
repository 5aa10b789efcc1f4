// `npm run check:functions`: lists every function longer than 80 lines in the product's code (app/,
// lib/, workers/, sandbox/), and fails when there is one. A function that long does several jobs; the
// house style is small parts with one job each. Benches, scripts and tests are not measured.
//
// TypeScript 7 has no compiler API, so this reads the code with the TypeScript 5 that the
// tools/openapi-typescript workspace installs (a dev-only tool, like this check).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "tools/openapi-typescript/package.json"));
const ts = require("typescript");

const FOLDERS = ["app", "lib", "workers", "sandbox"];
const MAX_LINES = 80;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield full;
  }
}

/** The name a reader would look for: the function's own, or the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  if (parent && ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

const found = [];
for (const folder of FOLDERS) {
  for (const file of sourceFiles(path.join(root, folder))) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > MAX_LINES)
          found.push({ file: path.relative(root, file), line: start + 1, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

found.sort((a, b) => b.lines - a.lines);
for (const fn of found)
  console.log(`${String(fn.lines).padStart(4)} lines  ${fn.name}  ${fn.file}:${fn.line}`);
if (found.length > 0) {
  console.error(`\n${found.length} function(s) longer than ${MAX_LINES} lines`);
  process.exit(1);
}
console.log(`no function longer than ${MAX_LINES} lines in ${FOLDERS.join("/, ")}/`);
