// The wallet container for the browser (docs/mini-program.md): under /container, off with the rest
// of the sandbox's tools when SANDBOX_MODE=off. Pages and scripts for the frame, the bridge for
// mini programs that load it from here, and the small JSON API the frame calls.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxContext } from "../context";
import { readBody } from "../http/read-body";
import { sendHtml, sendJson } from "../http/respond";
import { bridgeScript } from "./bridge-script";
import { framePage, returnPage } from "./frame-page";
import { authorizeFromContainer, type ContainerAnswer, updateWalletUser, walletUser } from "./wallet-user";

const STATIC: Record<string, { file: string; type: string }> = {
  "/container/frame.js": { file: "frame.js", type: "text/javascript; charset=utf-8" },
  "/container/frame.css": { file: "frame.css", type: "text/css; charset=utf-8" },
};
const staticText = Object.fromEntries(
  Object.entries(STATIC).map(([path, { file }]) => [
    path,
    readFileSync(new URL(`./client/${file}`, import.meta.url), "utf8"),
  ]),
);

function sendText(response: ServerResponse, type: string, text: string): void {
  response.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
  response.end(text);
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse((await readBody(request, 64 * 1024)) || "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function sendAnswer(response: ServerResponse, answer: ContainerAnswer): void {
  if (answer.setCookies) response.setHeader("Set-Cookie", answer.setCookies);
  sendJson(response, answer.status, answer.body);
}

async function api(
  ctx: SandboxContext,
  request: IncomingMessage,
  path: string,
): Promise<ContainerAnswer | undefined> {
  const cookies = request.headers.cookie;
  if (path === "/container/api/wallet-user" && request.method === "GET") return walletUser(ctx, cookies);
  if (path === "/container/api/wallet-user" && request.method === "POST")
    return updateWalletUser(ctx, cookies, await jsonBody(request));
  if (path === "/container/api/authorize" && request.method === "POST")
    return authorizeFromContainer(ctx, cookies, await jsonBody(request));
  return undefined;
}

/** Handles the request when it is the container's; false when it is not (a 404 elsewhere). */
export async function handleContainerRequest(
  ctx: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  const asset = STATIC[path];
  if (asset && request.method === "GET") {
    sendText(response, asset.type, staticText[path] ?? "");
    return true;
  }
  if (path === "/container/bridge.js") {
    sendText(response, "text/javascript; charset=utf-8", bridgeScript(new URL(ctx.baseUrl()).origin));
    return true;
  }
  if (path === "/container/return") {
    sendHtml(response, 200, returnPage());
    return true;
  }
  if (path === "/container" && request.method === "GET") {
    sendHtml(response, 200, containerPage(ctx, url));
    return true;
  }
  const answer = await api(ctx, request, path);
  if (answer) sendAnswer(response, answer);
  return answer !== undefined;
}

function containerPage(ctx: SandboxContext, url: URL): string {
  const language = url.searchParams.get("lang") === "ar" ? "ar" : "en";
  return framePage({
    app: url.searchParams.get("app"),
    language,
    direct: url.searchParams.get("proxy") === "off",
    sandboxBase: ctx.baseUrl(),
  });
}
