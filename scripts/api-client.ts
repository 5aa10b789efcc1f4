// `npm run api:client`: regenerates clients/mini-program/api-types.ts from the OpenAPI document the
// app serves (built from lib/http/contract), without the operator console's area, which the mini
// program never calls. `npm run api:client -- --check` only says whether the committed file is
// current (exit 1 if not), for CI.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MINI_PROGRAM_CLIENT_AREAS } from "@/lib/http/contract";
import { buildOpenApiDocument } from "@/lib/http/openapi-document";
import { API_TYPES_FILE, renderApiTypes } from "./api-types";

const check = process.argv.includes("--check");
const types = await renderApiTypes(buildOpenApiDocument(MINI_PROGRAM_CLIENT_AREAS));
const relative = path.relative(process.cwd(), API_TYPES_FILE);
const committed = existsSync(API_TYPES_FILE) ? readFileSync(API_TYPES_FILE, "utf8") : "";

if (committed === types) {
  console.info(`[api:client] ${relative} is current`);
} else if (check) {
  console.error(`[api:client] ${relative} is out of date: run npm run api:client`);
  process.exitCode = 1;
} else {
  writeFileSync(API_TYPES_FILE, types);
  console.info(`[api:client] wrote ${relative}`);
}
