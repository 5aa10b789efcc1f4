// Preloaded by `npm run check:layers` (node --import): dependency-cruiser parses TypeScript with the
// TypeScript compiler API, which TypeScript 7 (what the project compiles with) no longer has. This
// points dependency-cruiser's `typescript` — its version check goes through require(), the compiler
// through import() — at the TypeScript 5 this workspace installs.
import Module, { createRequire, register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const here = createRequire(import.meta.url);
const typescriptPackage = here.resolve("typescript/package.json");
const typescriptFolder = path.dirname(typescriptPackage);
const typescriptMain = here.resolve("typescript");

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript5(request, ...rest) {
  if (request === "typescript") return typescriptMain;
  if (request.startsWith("typescript/"))
    return path.join(typescriptFolder, request.slice("typescript/".length));
  return resolveFilename.call(this, request, ...rest);
};

const compiler = pathToFileURL(typescriptMain).href;
const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "typescript") return { url: ${JSON.stringify(compiler)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
