// A local mail catcher for `npm run dev` (and the tests): an SMTP server on 127.0.0.1 that accepts
// any message and keeps the last ones in memory, and a small HTTP server that lists them as JSON
// (GET /messages, newest first), which the console's Alerts page shows. Nothing leaves the machine.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

export interface MailCatcher {
  /** SMTP_URL for the senders. */
  smtpUrl: string;
  /** MAIL_CATCHER_URL for the console. */
  httpUrl: string;
  messages: CaughtMail[];
  close(): Promise<void>;
}

const KEPT = 200;

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.unshift({
            id: next++,
            from: mail.from?.text ?? "",
            to: [mail.to ?? []]
              .flat()
              .map((address) => address.text)
              .join(", "),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            receivedAt: new Date().toISOString(),
          });
          messages.length = Math.min(messages.length, KEPT);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const http: Server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/messages") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ messages }));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
