// `npm run api:console-types`: writes generated/console-api.ts, the types of the console's JSON API
// (lib/http/contract/admin) that its browser components call through app/admin/_ui/console-api.ts.
// Unlike the mini program's, these are never committed: `npm run typecheck` and `npm run build` derive
// them again first, so a contract change shows up at once as a type error where a call no longer fits.
// Only types are imported from it, so nothing at run time needs the file.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONSOLE_CLIENT_AREAS } from "@/lib/http/contract";
import { buildOpenApiDocument } from "@/lib/http/openapi-document";
import { CONSOLE_API_TYPES_FILE, renderApiTypes } from "./api-types";

const types = await renderApiTypes(buildOpenApiDocument(CONSOLE_CLIENT_AREAS));
let current = "";
try {
  current = readFileSync(CONSOLE_API_TYPES_FILE, "utf8");
} catch {
  // Not generated yet.
}
if (current !== types) {
  mkdirSync(path.dirname(CONSOLE_API_TYPES_FILE), { recursive: true });
  writeFileSync(CONSOLE_API_TYPES_FILE, types);
  console.info(`[api:console-types] wrote ${path.relative(process.cwd(), CONSOLE_API_TYPES_FILE)}`);
}
