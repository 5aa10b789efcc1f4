// A scripted HTTP peer for client tests: answers each request with whatever the test queued
// (status, body, headers, delay, or a dropped connection) and records what it received, raw.
// It is not the sandbox: it has no wallet logic and exists to exercise the client's edge cases.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface ScriptedAnswer {
  status?: number;
  body?: string | object;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Compute headers from the exact body text sent (e.g. to sign it). */
  sign?: (bodyText: string, path: string) => Record<string, string>;
}

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  bodyText: string;
}

export interface ScriptedWallet {
  url: string;
  received: ReceivedRequest[];
  answer(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startScriptedWallet(): Promise<ScriptedWallet> {
  const queue: ScriptedAnswer[] = [];
  const received: ReceivedRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString("utf8");
    received.push({
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      bodyText,
    });
    const answer = queue.shift() ?? { status: 500, body: "no scripted answer" };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.drop) {
      request.socket.destroy();
      return;
    }
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
    const headers = {
      "Content-Type": "application/json; charset=UTF-8",
      ...answer.headers,
      ...answer.sign?.(text, request.url ?? ""),
    };
    if (response.writableEnded || response.destroyed) return;
    response.writeHead(answer.status ?? 200, headers).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (...answers) => queue.push(...answers),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
