// A tiny merchant notify endpoint for notification tests: records every raw body and header set,
// and answers the wallet's expected acknowledgement (or fails/hangs on demand).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { loadPublicKey, verifySignedMessage } from "@/lib/wallet/signature";

const NOTIFY_ACK = { result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" } };

export interface ReceivedNotification {
  path: string;
  headers: IncomingHttpHeaders;
  bodyText: string;
  json: Record<string, unknown>;
  receivedAt: Date;
}

/** ack: answer the SUCCESS body; fail: HTTP 500; wrong-body: HTTP 200 without the ack; hang: never answer. */
export type ReceiverMode = "ack" | "fail" | "wrong-body" | "hang";

export interface NotifyReceiver {
  origin: string;
  url(path?: string): string;
  received: ReceivedNotification[];
  mode: ReceiverMode;
  waitFor(
    predicate: (notification: ReceivedNotification) => boolean,
    options?: { timeoutMs?: number; count?: number },
  ): Promise<ReceivedNotification[]>;
  close(): Promise<void>;
}

export async function startNotifyReceiver(initialMode: ReceiverMode = "ack"): Promise<NotifyReceiver> {
  const received: ReceivedNotification[] = [];
  const waiters = new Set<() => void>();
  const hanging = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const bodyText = Buffer.concat(chunks).toString("utf8");
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(bodyText);
      } catch {
        // kept as text only
      }
      received.push({
        path: request.url ?? "/",
        headers: request.headers,
        bodyText,
        json,
        receivedAt: new Date(),
      });
      for (const wake of waiters) wake();
      if (receiver.mode === "hang") {
        hanging.add(() => response.destroy());
        return;
      }
      const body =
        receiver.mode === "ack" ? NOTIFY_ACK : { result: { resultCode: "FAILED", resultStatus: "F" } };
      response.writeHead(receiver.mode === "fail" ? 500 : 200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const receiver: NotifyReceiver = {
    origin,
    url: (path = "/notify") => `${origin}${path}`,
    received,
    mode: initialMode,
    waitFor(predicate, options = {}) {
      const count = options.count ?? 1;
      const matching = () => received.filter(predicate);
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = matching();
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} matching notification(s), got ${matching().length}`));
        }, options.timeoutMs ?? 10_000);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const drop of hanging) drop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return receiver;
}

/** Verifies a received notification as a merchant must: over the raw body, with the notify path. */
export function verifyReceivedNotification(notification: ReceivedNotification, walletPublicKeyPem: string) {
  const header = (name: string) => {
    const value = notification.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return verifySignedMessage(
    {
      method: "POST",
      path: new URL(notification.path, "http://x").pathname,
      clientId: header("client-id") ?? "",
      time: header("request-time") ?? "",
      body: notification.bodyText,
      signatureHeader: header("signature"),
    },
    loadPublicKey(walletPublicKeyPem),
  );
}
