// The typed clients' TypeScript types (the mini program's and the console's), rendered from an OpenAPI document by openapi-typescript
// (tools/openapi-typescript: it needs the TypeScript 5 compiler API, so it runs in its own process).
// Shared by `npm run api:client`, which writes them, and the test that checks the committed copy.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The committed types the mini program client is typed by. */
export const API_TYPES_FILE = path.join(root, "clients", "mini-program", "api-types.ts");

/** The console client's types: generated on install and before every typecheck, never committed. */
export const CONSOLE_API_TYPES_FILE = path.join(root, "generated", "console-api.ts");

const RENDERER = path.join(root, "tools", "openapi-typescript", "render-types.mjs");

export async function renderApiTypes(document: unknown): Promise<string> {
  const child = spawn(process.execPath, [RENDERER], { stdio: ["pipe", "pipe", "pipe"] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const exit = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  child.stdin.end(JSON.stringify(document));
  const code = await exit;
  if (code !== 0) {
    throw new Error(`openapi-typescript failed (exit ${code}): ${Buffer.concat(stderr).toString("utf8")}`);
  }
  return Buffer.concat(stdout).toString("utf8");
}
