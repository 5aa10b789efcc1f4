// The wallet transport against a real local HTTP peer: what it sends, how it reads the answer, where
// its deadline applies (headers late, or a body that stalls half-way), refused connections, and that
// calls share kept-alive connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { Agent, MockAgent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport, MAX_ANSWER_BYTES, WalletTransportError } from "@/lib/wallet/transport";

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler = (_request, _body, response) => response.end();
const connections = new Set<unknown>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => handler(request, body, response));
  });
  server.on("connection", (socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transport = createHttpTransport();
const callOf = (timeoutMs = 2_000) => ({
  url: new URL("/v1/payments/inquiryPayment", baseUrl),
  headers: { "Content-Type": "application/json; charset=UTF-8", "Client-Id": "merchant-1" },
  body: '{"paymentRequestId":"pay_1"}',
  timeoutMs,
});
const post = (timeoutMs = 2_000) => transport(callOf(timeoutMs));

describe("wallet transport", () => {
  it("posts the body and headers as given and returns status, lower-case headers and the body", async () => {
    let seen: { method?: string; path?: string; clientId?: string; body?: string } = {};
    handler = (request, body, response) => {
      seen = {
        method: request.method,
        path: request.url,
        clientId: request.headers["client-id"] as string,
        body,
      };
      response.setHeader("Response-Time", "2026-11-24T10:00:00+03:00");
      response.setHeader("Set-Cookie", ["first=1", "second=2"]);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"result":{"resultStatus":"S"}}');
    };
    const answer = await post();
    expect(seen).toEqual({
      method: "POST",
      path: "/v1/payments/inquiryPayment",
      clientId: "merchant-1",
      body: '{"paymentRequestId":"pay_1"}',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["response-time"]).toBe("2026-11-24T10:00:00+03:00");
    expect(answer.headers["set-cookie"]).toBe("first=1");
    expect(answer.bodyText).toBe('{"result":{"resultStatus":"S"}}');
  });

  it("returns non-2xx answers as they are (classifying them is the caller's job)", async () => {
    handler = (_request, _body, response) => {
      response.writeHead(503);
      response.end("busy");
    };
    expect(await post()).toMatchObject({ status: 503, bodyText: "busy" });
  });

  it("never follows a redirect: the signed request was for this path, so a 3xx comes back as it is", async () => {
    let calls = 0;
    handler = (_request, _body, response) => {
      calls++;
      response.writeHead(307, { Location: "/elsewhere" });
      response.end();
    };
    expect(await post()).toMatchObject({ status: 307, headers: { location: "/elsewhere" }, bodyText: "" });
    expect(calls).toBe(1);
  });

  it("times out when the answer does not start in time", async () => {
    handler = (_request, _body, response) => {
      setTimeout(() => response.end("late"), 500);
    };
    const error = await post(100).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WalletTransportError);
    expect(error).toMatchObject({ kind: "TIMEOUT", message: "no answer within 100 ms" });
  });

  it("times out when the body stalls after the headers: the deadline covers the whole exchange", async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"result":');
      setTimeout(() => response.end("{}}"), 500);
    };
    const error = await post(150).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: "TIMEOUT" });
  });

  it("reports a refused connection as NETWORK, naming the cause", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await transport({
      url: new URL(`http://127.0.0.1:${port}/v1/payments/pay`),
      headers: {},
      body: "{}",
      timeoutMs: 2_000,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WalletTransportError);
    expect(error).toMatchObject({ kind: "NETWORK" });
    expect((error as Error).message).toContain("ECONNREFUSED");
  });

  it("refuses an answer larger than any wallet answer as NETWORK, whatever dispatcher carries it", async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("x".repeat(MAX_ANSWER_BYTES + 1));
    };
    for (const send of [post, () => createHttpTransport(new Agent())(callOf())]) {
      const error = await send().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(WalletTransportError);
      expect(error).toMatchObject({
        kind: "NETWORK",
        message: `answer larger than ${MAX_ANSWER_BYTES} bytes`,
      });
    }
  });

  it("asks for no compression, and decodes a gateway's gzip anyway (the signature covers the text)", async () => {
    let acceptEncoding: string | undefined;
    handler = (request, _body, response) => {
      acceptEncoding = request.headers["accept-encoding"];
      response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      response.end(gzipSync('{"result":{"resultStatus":"S"}}'));
    };
    const answer = await post();
    expect(acceptEncoding).toBe("identity");
    expect(answer.bodyText).toBe('{"result":{"resultStatus":"S"}}');
  });

  it("refuses a compressed answer that inflates past the cap, or an encoding it cannot read", async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { "Content-Encoding": "gzip" });
      response.end(gzipSync(Buffer.alloc(MAX_ANSWER_BYTES * 2)));
    };
    expect(await post().catch((thrown: unknown) => thrown)).toMatchObject({ kind: "NETWORK" });
    handler = (_request, _body, response) => {
      response.writeHead(200, { "Content-Encoding": "zstd" });
      response.end("whatever");
    };
    expect(await post().catch((thrown: unknown) => thrown)).toMatchObject({
      kind: "NETWORK",
      message: "answer in an encoding we do not read: zstd",
    });
  });

  it("sends through the dispatcher it is given (an egress proxy, client certificates)", async () => {
    const dispatcher = new MockAgent();
    dispatcher.disableNetConnect();
    dispatcher
      .get("https://wallet.example")
      .intercept({ path: "/v1/payments/pay", method: "POST", body: "{}" })
      .reply(200, '{"result":{"resultStatus":"S"}}', { headers: { "response-time": "t" } });
    const answer = await createHttpTransport(dispatcher)({
      url: new URL("https://wallet.example/v1/payments/pay"),
      headers: {},
      body: "{}",
      timeoutMs: 2_000,
    });
    expect(answer).toEqual({
      status: 200,
      headers: { "response-time": "t" },
      bodyText: '{"result":{"resultStatus":"S"}}',
    });
    await dispatcher.close();
  });

  it("keeps connections alive between calls", async () => {
    handler = (_request, _body, response) => response.end("{}");
    // A pool of its own, untouched by the connections the tests above cut short.
    const pooled = createHttpTransport();
    const before = connections.size;
    for (let call = 0; call < 10; call++) {
      await pooled({ url: new URL("/v1/payments/pay", baseUrl), headers: {}, body: "{}", timeoutMs: 2_000 });
    }
    // Ten calls, one after the other, on one or two connections (undici may open a second while the
    // first is still being released); a connection per call would be ten.
    expect(connections.size - before).toBeLessThanOrEqual(2);
  });
});
