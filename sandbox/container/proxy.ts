// The mini program served through the sandbox on an origin of its own (app-origin.ts), so that a
// page loading the wallet's bridge by its script tag runs unchanged: its HTML and scripts come from
// the mini program's server with the bridge's address pointed at the container's bridge. Everything
// else passes through as it is, including Vite's hot reload (a WebSocket).
import type { IncomingMessage, ServerResponse } from "node:http";
import { connect } from "node:net";
import type { Duplex } from "node:stream";
import type { SandboxContext } from "../context";
import { readBody } from "../http/read-body";
import { originForHost } from "./app-origin";
import { bridgeScript, PROXIED_BRIDGE_PATH, pointBridgeAtContainer } from "./bridge-script";

const DROPPED_REQUEST_HEADERS = new Set(["host", "connection", "accept-encoding", "content-length"]);
const DROPPED_RESPONSE_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
]);
const REWRITTEN_TYPES = /text\/html|javascript/;

export function isProxyRequest(request: IncomingMessage): boolean {
  return originForHost(request.headers.host) !== undefined;
}

function forwardedHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (DROPPED_REQUEST_HEADERS.has(name) || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set("accept-encoding", "identity"); // the pages are rewritten as text
  return headers;
}

export async function handleProxyRequest(
  ctx: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const origin = originForHost(request.headers.host) as string;
  const path = request.url ?? "/";
  if (path.split("?")[0] === PROXIED_BRIDGE_PATH) {
    response.writeHead(200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
    });
    response.end(bridgeScript(new URL(ctx.baseUrl()).origin));
    return;
  }
  const method = request.method ?? "GET";
  let upstream: Response;
  try {
    upstream = await fetch(new URL(path, origin), {
      method,
      headers: forwardedHeaders(request),
      body: method === "GET" || method === "HEAD" ? undefined : await readBody(request, 10 * 1024 * 1024),
      redirect: "manual",
    });
  } catch (error) {
    response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
    response.end(`The mini program at ${origin} did not answer: ${(error as Error).message}`);
    return;
  }
  const proxyOrigin = `http://${request.headers.host}`;
  for (const [name, value] of upstream.headers) {
    if (DROPPED_RESPONSE_HEADERS.has(name) || name === "set-cookie") continue;
    response.setHeader(name, name === "location" ? value.replace(origin, proxyOrigin) : value);
  }
  const cookies = upstream.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader("set-cookie", cookies);
  response.statusCode = upstream.status;
  if (REWRITTEN_TYPES.test(upstream.headers.get("content-type") ?? "")) {
    response.end(pointBridgeAtContainer(await upstream.text()));
    return;
  }
  response.end(Buffer.from(await upstream.arrayBuffer()));
}

/** WebSocket upgrades (a dev server's hot reload) go to the mini program's server byte for byte. */
export function proxyUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const origin = originForHost(request.headers.host);
  const target = origin ? new URL(origin) : undefined;
  if (target?.protocol !== "http:") {
    socket.destroy();
    return;
  }
  const upstream = connect(Number(target.port || 80), target.hostname, () => {
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      const name = request.rawHeaders[index] ?? "";
      const value = name.toLowerCase() === "host" ? target.host : request.rawHeaders[index + 1];
      lines.push(`${name}: ${value}`);
    }
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.on("error", () => socket.destroy());
  socket.on("error", () => upstream.destroy());
}
