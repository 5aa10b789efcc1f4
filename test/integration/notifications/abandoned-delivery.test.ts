// A notification the wallet gave up on before we read it whole — it waits 5 s, and a busy server (or
// `next dev` compiling the route on first use) may take longer — is neither applied nor recorded as
// a forged one: the wallet delivers it again on its schedule. A complete delivery that fails
// verification is still counted, which is what makes the first two cases mean something.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
beforeAll(async () => {
  app = await startRouteHarness();
});
afterAll(() => app?.close());

const PATH = "/api/wallet/notify/payment";
const BODY = JSON.stringify({
  paymentId: "2026112500000001",
  paymentRequestId: "pay_0123456789abcdef0123456789abcdef",
  paymentAmount: { currency: "IQD", value: "5000000" },
  paymentCreateTime: "2026-11-25T10:00:00.000+00:00",
  paymentStatus: "SUCCESS",
  paymentResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
});

function walletHeaders(contentLength: number): Record<string, string> {
  return {
    "content-type": "application/json; charset=UTF-8",
    "content-length": String(contentLength),
    "client-id": "whoever",
    "request-time": new Date().toISOString(),
    signature: "algorithm=RSA256, keyVersion=1, signature=AAAA",
    "x-forwarded-for": "198.51.100.7",
  };
}

/** What Node's request stream does when the sender hangs up mid-body. */
function bodyCutOffAfter(bytes: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(BODY.slice(0, bytes)));
      controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
}

async function post(body: BodyInit, headers: Record<string, string>): Promise<Response> {
  const { POST } = await import("@/app/api/wallet/notify/[kind]/route");
  const request = new Request(`${app.url}${PATH}`, {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return POST(request, { params: Promise.resolve({ kind: "payment" }) });
}

async function recorded() {
  const [rejections, notifications] = await Promise.all([
    app.db.prisma.notificationRejection.aggregate({ _sum: { count: true } }),
    app.db.prisma.notification.count(),
  ]);
  return { forgedAttempts: rejections._sum.count ?? 0, notifications };
}

describe("a notification delivery the wallet abandoned", () => {
  it("mid-body is answered 499 and leaves no trace as a forged or received notification", async () => {
    const before = await recorded();
    const response = await post(bodyCutOffAfter(40), walletHeaders(Buffer.byteLength(BODY)));
    expect(response.status).toBe(499);
    expect(await recorded()).toEqual(before);
  });

  it("that reaches the handler shorter than its Content-Length (empty, as after a slow compile) is treated the same", async () => {
    const before = await recorded();
    const response = await post("", walletHeaders(Buffer.byteLength(BODY)));
    expect(response.status).toBe(499);
    expect(await recorded()).toEqual(before);
  });

  it("is told apart from a complete delivery that fails verification, which is refused and counted", async () => {
    const before = await recorded();
    const response = await post(BODY, walletHeaders(Buffer.byteLength(BODY)));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ result: { resultCode: "INVALID_SIGNATURE" } });
    expect(await recorded()).toEqual({ ...before, forgedAttempts: before.forgedAttempts + 1 });
  });
});
