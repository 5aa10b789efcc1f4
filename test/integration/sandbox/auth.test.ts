// Conformance: authentication of every request and signing of every response
// (docs/wallet-interface.md, "Authentication and signing" and "Result statuses").

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPublicKey, verifySignedMessage } from "@/lib/wallet/signature";
import { startSandbox } from "@/sandbox/server";
import { generateTestKeyPair } from "@/test/support/keys";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { type RawAnswer, sendSignedRequest } from "@/test/support/signed-request";
import { ReachedCodes } from "./reached-codes";
import { readSpecErrorCodes, SPEC_ERROR_CODES } from "./spec-error-codes";

const PATH = "/v1/payments/inquiryPayment";
const BODY = JSON.stringify({ paymentId: "pay_unknown" });

let sandbox: TestSandbox;
const codes = new ReachedCodes("auth", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});
restoreSandboxAfterEach(() => sandbox);

function send(overrides: Partial<Parameters<typeof sendSignedRequest>[0]> = {}): Promise<RawAnswer> {
  return sendSignedRequest({
    baseUrl: sandbox.url,
    path: PATH,
    clientId: sandbox.merchant.clientId,
    privateKey: sandbox.merchant.privateKey,
    body: BODY,
    ...overrides,
  });
}

function expectSignedBy(answer: RawAnswer, clientId: string, path = PATH) {
  expect(answer.headers.get("client-id")).toBe(clientId);
  expect(answer.headers.get("response-time")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
  const verdict = verifySignedMessage(
    {
      method: "POST",
      path,
      clientId,
      time: answer.headers.get("response-time") ?? "",
      body: answer.text,
      signatureHeader: answer.headers.get("signature"),
    },
    loadPublicKey(sandbox.walletPublicKeyPem),
  );
  expect(verdict).toEqual({ ok: true });
}

describe("authentication", () => {
  it("accepts a correctly signed request and answers HTTP 200 with a signed result", async () => {
    const answer = await send();
    expect(answer.status).toBe(200);
    expect(answer.json.result).toMatchObject({ resultStatus: "F", resultCode: "ORDER_NOT_EXIST" });
    expectSignedBy(answer, sandbox.merchant.clientId);
  });

  it("accepts the signature URL-encoded and Request-Time with Z or without milliseconds", async () => {
    for (const overrides of [
      { urlEncode: true },
      { time: new Date().toISOString() },
      { time: new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00") },
    ]) {
      const answer = await send(overrides);
      expect(answer.json.result?.resultCode).toBe("ORDER_NOT_EXIST");
    }
  });

  const rejections: {
    name: string;
    code: string;
    overrides: () => Partial<Parameters<typeof sendSignedRequest>[0]>;
  }[] = [
    {
      name: "an unknown Client-Id",
      code: "INVALID_CLIENT",
      overrides: () => ({ clientId: uniqueId("nobody") }),
    },
    { name: "no Signature header", code: "INVALID_SIGNATURE", overrides: () => ({ signatureHeader: null }) },
    {
      name: "a malformed Signature header",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ signatureHeader: "algorithm=RSA256, keyVersion=1, signature=not base64!" }),
    },
    {
      name: "an unsupported algorithm",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ signatureHeader: "algorithm=HMAC256, keyVersion=1, signature=AAAA" }),
    },
    {
      name: "a signature made with another key",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ privateKey: generateTestKeyPair().privateKey }),
    },
    {
      name: "a body changed after signing",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ signedBody: JSON.stringify({ paymentId: "pay_other" }) }),
    },
    {
      name: "a Request-Time skewed by more than 5 minutes",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ time: new Date(Date.now() - 6 * 60_000).toISOString() }),
    },
    {
      name: "a Request-Time in the future by more than 5 minutes",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ time: new Date(Date.now() + 6 * 60_000).toISOString() }),
    },
    {
      name: "a Request-Time without a UTC offset",
      code: "INVALID_SIGNATURE",
      overrides: () => ({ time: "2026-01-01T00:00:00" }),
    },
    { name: "no Content-Type", code: "PARAM_ILLEGAL", overrides: () => ({ contentType: null }) },
    {
      name: "a non-JSON Content-Type",
      code: "PARAM_ILLEGAL",
      overrides: () => ({ contentType: "text/plain" }),
    },
    {
      name: "a missing required field",
      code: "PARAM_ILLEGAL",
      overrides: () => ({ body: "{}" }),
    },
  ];

  for (const rejection of rejections) {
    it(`rejects ${rejection.name} with F/${rejection.code} in an HTTP 200, signed`, async () => {
      const overrides = rejection.overrides();
      const answer = await send(overrides);
      expect(answer.status).toBe(200);
      expect(answer.json.result).toMatchObject({ resultStatus: "F", resultCode: rejection.code });
      expectSignedBy(answer, overrides.clientId ?? sandbox.merchant.clientId);
      codes.record("authentication", rejection.code);
    });
  }

  it("accepts a Request-Time 4 minutes old (inside the window)", async () => {
    const answer = await send({ time: new Date(Date.now() - 4 * 60_000).toISOString() });
    expect(answer.json.result?.resultCode).toBe("ORDER_NOT_EXIST");
  });

  it("answers HTTP 400 with a signed PARAM_ILLEGAL only when the body is not a JSON object", async () => {
    for (const body of ["not json", "[1,2]", '"text"']) {
      const answer = await send({ body });
      expect(answer.status).toBe(400);
      expect(answer.json.result).toMatchObject({ resultStatus: "F", resultCode: "PARAM_ILLEGAL" });
      expectSignedBy(answer, sandbox.merchant.clientId);
    }
  });

  it("verifies through the merchant client, which checks the response signature", async () => {
    const outcome = await sandbox.client().inquiryPayment({ paymentId: "pay_unknown" });
    expect(outcome).toMatchObject({ status: "F", resultCode: "ORDER_NOT_EXIST" });
  });

  it("answers an unknown client through the merchant client as F/INVALID_CLIENT", async () => {
    const outcome = await sandbox
      .client({ clientId: uniqueId("unregistered") })
      .inquiryPayment({ paymentId: "p" });
    expect(outcome).toMatchObject({ status: "F", resultCode: "INVALID_CLIENT" });
  });

  it("keeps a merchant's key: re-registering with a new key makes the old key fail", async () => {
    const merchant = await sandbox.registerMerchant();
    const fresh = generateTestKeyPair();
    await sandbox.control("POST", "/sandbox/merchants", {
      clientId: merchant.clientId,
      publicKeyPem: fresh.publicKeyPem,
    });
    const old = await send({ clientId: merchant.clientId, privateKey: merchant.privateKey });
    expect(old.json.result?.resultCode).toBe("INVALID_SIGNATURE");
    const current = await send({ clientId: merchant.clientId, privateKey: fresh.privateKey });
    expect(current.json.result?.resultCode).toBe("ORDER_NOT_EXIST");
  });
});

describe("key versions", () => {
  it("picks the merchant's key by the Signature header's keyVersion and names a version it does not have", async () => {
    const merchant = await sandbox.registerMerchant();
    const answer = await send({
      clientId: merchant.clientId,
      privateKey: merchant.privateKey,
      keyVersion: 2,
    });
    expect(answer.json.result).toMatchObject({
      resultStatus: "F",
      resultCode: "INVALID_SIGNATURE",
      resultMessage: "keyVersion 2 is not registered for this Client-Id",
    });
    expectSignedBy(answer, merchant.clientId);
  });

  it("keeps the registered versions during a rotation: version 1 and the new version 2 both verify", async () => {
    const merchant = await sandbox.registerMerchant();
    const next = generateTestKeyPair();
    const registered = await sandbox.control<{ keyVersions: string[] }>("POST", "/sandbox/merchants", {
      clientId: merchant.clientId,
      publicKeyPem: next.publicKeyPem,
      keyVersion: "2",
    });
    expect(registered.keyVersions).toEqual(["1", "2"]);
    const old = await send({ clientId: merchant.clientId, privateKey: merchant.privateKey, keyVersion: 1 });
    expect(old.json.result?.resultCode).toBe("ORDER_NOT_EXIST");
    const rotated = await send({ clientId: merchant.clientId, privateKey: next.privateKey, keyVersion: 2 });
    expect(rotated.json.result?.resultCode).toBe("ORDER_NOT_EXIST");
    // Each version verifies with its own key only.
    const crossed = await send({ clientId: merchant.clientId, privateKey: next.privateKey, keyVersion: 1 });
    expect(crossed.json.result?.resultCode).toBe("INVALID_SIGNATURE");
  });
});

describe("the wallet's wall clock (wallClockSkewSeconds)", () => {
  it("answers with its skewed Response-Time and refuses requests more than 5 minutes off it", async () => {
    await sandbox.settings({ wallClockSkewSeconds: 600 });
    try {
      const answer = await send();
      expect(answer.json.result).toMatchObject({
        resultCode: "INVALID_SIGNATURE",
        resultMessage: "Request-Time is more than 5 minutes away from the wallet's time",
      });
      const skewMs = Date.parse(answer.headers.get("response-time") ?? "") - Date.now();
      expect(skewMs, "Response-Time minus our clock").toBeGreaterThan(500_000);
      expect(skewMs, "Response-Time minus our clock").toBeLessThan(700_000);
      // A merchant whose clock matches the wallet's is accepted.
      const inStep = await send({ time: new Date(Date.now() + 600_000).toISOString() });
      expect(inStep.json.result?.resultCode).toBe("ORDER_NOT_EXIST");
    } finally {
      await sandbox.settings({ wallClockSkewSeconds: 0 });
    }
  });
});

describe("control API mode", () => {
  it("disables /sandbox/* when SANDBOX_MODE is off, while the wallet API keeps working", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wallet-sandbox-off-"));
    const running = await startSandbox({ port: 0, dataDir: dir, mode: "off" });
    try {
      expect((await fetch(`${running.url}/sandbox/clock`)).status).toBe(404);
      expect((await fetch(`${running.url}/status`)).status).toBe(404);
      const answer = await sendSignedRequest({
        baseUrl: running.url,
        path: PATH,
        clientId: "anyone",
        privateKey: sandbox.merchant.privateKey,
        body: BODY,
      });
      expect(answer.json.result?.resultCode).toBe("INVALID_CLIENT");
    } finally {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the wallet's documented error codes", () => {
  it("are the same in docs/wallet-interface.md and in the transcription the conformance tests use", () => {
    // Throws (and fails the test) when the document or its Errors section is missing.
    const documented = readSpecErrorCodes();
    const sorted = (codes: Record<string, readonly string[]>) =>
      Object.fromEntries(
        Object.entries(codes)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([operation, list]) => [operation, [...list].sort()]),
      );
    expect(sorted(documented)).toEqual(sorted(SPEC_ERROR_CODES));
  });
});
