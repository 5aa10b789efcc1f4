// Signed responses (our decision, docs/wallet-interface.md): headers Signature, Client-Id and Response-Time,
// sign content `<METHOD> <PATH>\n<CLIENT_ID>.<RESPONSE_TIME>.<BODY>` with the request's path.
import type { ServerResponse } from "node:http";
import { formatWalletTime, JSON_CONTENT_TYPE, signMessage } from "@/lib/wallet/signature";
import type { SandboxContext } from "../context";
import { WALLET_KEY_VERSION } from "../notifications/notifier";
import { wallClock } from "../settings";

export function sendSigned(
  ctx: SandboxContext,
  response: ServerResponse,
  input: { status: number; method: string; path: string; clientId: string; body: unknown },
): void {
  const text = JSON.stringify(input.body);
  const time = formatWalletTime(wallClock(ctx.settings()));
  const signature = signMessage(
    { method: input.method, path: input.path, clientId: input.clientId, time, body: text },
    ctx.walletPrivateKey,
    WALLET_KEY_VERSION,
  );
  response.writeHead(input.status, {
    "Content-Type": JSON_CONTENT_TYPE,
    "Content-Length": Buffer.byteLength(text),
    "Client-Id": input.clientId,
    "Response-Time": time,
    Signature: signature,
  });
  response.end(text);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, (_key, value) => (typeof value === "bigint" ? value.toString() : value));
  response.writeHead(status, {
    "Content-Type": JSON_CONTENT_TYPE,
    "Content-Length": Buffer.byteLength(text),
  });
  response.end(text);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
  });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location, "Content-Length": 0 });
  response.end();
}
