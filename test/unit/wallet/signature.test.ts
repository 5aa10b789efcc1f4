import { describe, expect, it } from "vitest";
import {
  buildSignContent,
  formatSignatureHeader,
  formatWalletTime,
  loadPrivateKey,
  loadPublicKey,
  parseSignatureHeader,
  parseWalletTime,
  signContent,
  signMessage,
  signMessageOffLoop,
  verifyContent,
  verifySignedMessage,
} from "@/lib/wallet/signature";
import {
  generateTestKeyPair,
  keyPairInEveryEncoding,
  knownAnswerPublicKeyPem,
  opensslSignature,
} from "@/test/support/keys";

const message = {
  method: "POST",
  path: "/v1/payments/pay",
  clientId: "merchant-test-001",
  time: "2026-11-21T10:00:00.000+00:00",
  body: '{"productCode":"51051000101000000011","paymentRequestId":"pay_0001","paymentAmount":{"currency":"IQD","value":"100000"}}',
};

// Produced independently: printf '<sign content>' | openssl dgst -sha256 -sign <private key> | base64,
// with the key whose public half is test/support/fixtures/known-answer-key.*.
const KNOWN_SIGNATURE =
  "iBar9tu06a+l6kV3MulfID6myT8C3sjI1pV05fzCu9ZPjfEGOg8dccvgbPLd4p3hn02m07dhcguoSa98DiRKbZJbD602yktlkZoAmRilVDwbHRnqqiCngqGa9ekHIfVHqB+uAvKN/V9j/L4RhA5UEuEKtSTAYmDi7LS7lvqwyg3bDXZ8MLuAdMHeXp8yqlp2vMupKp5M7DspuyvQy2sjiJ+AvvisXmoFHOqm5adrY1m+3+DQ+l1q6RIPsi6umCBkBgsXQbLyN7RQ+nQtSyj4gVI7hry570TeL2PdKK2h7zruoT0LPfcwiDjzXltxjLCTL8s4P54TEjHfbbc4rcRPxQ==";

const now = new Date("2026-11-21T10:01:00.000Z");

describe("sign content", () => {
  it("is '<METHOD> <PATH>\\n<CLIENT_ID>.<REQUEST_TIME>.<BODY>' exactly as the spec writes it", () => {
    expect(buildSignContent(message)).toBe(
      `POST /v1/payments/pay\nmerchant-test-001.2026-11-21T10:00:00.000+00:00.${message.body}`,
    );
  });
});

describe("known-answer signature", () => {
  it("openssl's signature for a fixed key and request verifies, with the key in SPKI and PKCS#1 form", () => {
    for (const pem of [knownAnswerPublicKeyPem.spki, knownAnswerPublicKeyPem.pkcs1]) {
      expect(verifyContent(buildSignContent(message), KNOWN_SIGNATURE, loadPublicKey(pem))).toBe(true);
    }
  });

  it("a one-character change of the request no longer matches it", () => {
    const altered = buildSignContent({ ...message, body: message.body.replace("100000", "100001") });
    expect(verifyContent(altered, KNOWN_SIGNATURE, loadPublicKey(knownAnswerPublicKeyPem.spki))).toBe(false);
  });
});

describe("signing agrees with openssl", () => {
  const keys = keyPairInEveryEncoding();
  const expected = opensslSignature(keys.pkcs8Private, buildSignContent(message));

  it("byte for byte, with the key in PKCS#8 form", () => {
    expect(signContent(buildSignContent(message), loadPrivateKey(keys.pkcs8Private))).toBe(expected);
  });

  it("and in PKCS#1 form", () => {
    expect(signContent(buildSignContent(message), loadPrivateKey(keys.pkcs1Private))).toBe(expected);
  });

  it("verifies with the public key in SPKI and in PKCS#1 form", () => {
    for (const pem of [keys.spkiPublic, keys.pkcs1Public]) {
      expect(verifyContent(buildSignContent(message), expected, loadPublicKey(pem))).toBe(true);
    }
  });

  it("accepts a PEM pasted into an environment variable with literal \\n", () => {
    const flattened = keys.pkcs8Private.trim().replaceAll("\n", "\\n");
    expect(signContent(buildSignContent(message), loadPrivateKey(flattened))).toBe(expected);
  });
});

describe("round trip and tampering", () => {
  const pair = generateTestKeyPair();
  const header = signMessage(message, pair.privateKey, 1);

  it("signing off the event loop gives the very same header (PKCS#1 v1.5 is deterministic)", async () => {
    expect(await signMessageOffLoop(message, pair.privateKey, 1)).toBe(header);
    expect(await signMessageOffLoop(message, pair.privateKey, 1, true)).toBe(
      signMessage(message, pair.privateKey, 1, true),
    );
  });

  it("a signed message verifies", () => {
    expect(verifySignedMessage({ ...message, signatureHeader: header }, pair.publicKey, { now })).toEqual({
      ok: true,
    });
  });

  it.each([
    ["body", { body: message.body.replace("100000", "100001") }],
    ["path", { path: "/v1/payments/refund" }],
    ["client id", { clientId: "merchant-test-002" }],
    ["time", { time: "2026-11-21T10:00:01.000+00:00" }],
    ["method", { method: "GET" }],
  ])("a tampered %s fails verification", (_name, change) => {
    expect(
      verifySignedMessage({ ...message, ...change, signatureHeader: header }, pair.publicKey, { now }),
    ).toEqual({
      ok: false,
      reason: "BAD_SIGNATURE",
    });
  });

  it("another key's signature fails", () => {
    const other = generateTestKeyPair();
    const forged = signMessage(message, other.privateKey, 1);
    expect(verifySignedMessage({ ...message, signatureHeader: forged }, pair.publicKey, { now }).ok).toBe(
      false,
    );
  });

  it("a time outside the 5 minute window is rejected before the signature is checked", () => {
    const late = new Date("2026-11-21T10:05:00.001Z");
    expect(
      verifySignedMessage({ ...message, signatureHeader: header }, pair.publicKey, { now: late }),
    ).toEqual({
      ok: false,
      reason: "SKEWED_TIME",
    });
  });

  it("a missing or malformed header is reported as such", () => {
    expect(verifySignedMessage({ ...message, signatureHeader: undefined }, pair.publicKey, { now })).toEqual({
      ok: false,
      reason: "MISSING_SIGNATURE",
    });
    expect(
      verifySignedMessage({ ...message, signatureHeader: "algorithm=RSA256" }, pair.publicKey, { now }),
    ).toEqual({
      ok: false,
      reason: "MALFORMED_SIGNATURE",
    });
  });

  it("a URL-encoded signature value verifies (gateways of the Antom family send it so)", () => {
    const encoded = signMessage(message, pair.privateKey, 1, true);
    expect(encoded).toContain("%");
    expect(verifySignedMessage({ ...message, signatureHeader: encoded }, pair.publicKey, { now }).ok).toBe(
      true,
    );
  });
});

describe("Signature header", () => {
  it("is sent in the spec's exact form", () => {
    expect(formatSignatureHeader({ keyVersion: 1, signature: "abc+/=" })).toBe(
      "algorithm=RSA256, keyVersion=1, signature=abc+/=",
    );
  });

  it.each([
    "algorithm=RSA256, keyVersion=2, signature=ab+c/d==",
    "algorithm=rsa256,keyVersion=2,signature=ab+c/d==",
    "algorithm=RSA256, keyVersion=2, signature=ab%2Bc%2Fd%3D%3D",
    "keyVersion=2, signature=ab+c/d==",
  ])("is read liberally: %s", (header) => {
    expect(parseSignatureHeader(header)?.signature).toBe("ab+c/d==");
  });

  it("never form-decodes: a '+' stays a '+'", () => {
    expect(parseSignatureHeader("algorithm=RSA256, keyVersion=1, signature=a+b=")?.signature).toBe("a+b=");
  });

  it.each(["algorithm=HS256, keyVersion=1, signature=abc=", "signature=", "signature=not base64!", ""])(
    "rejects %j",
    (header) => {
      expect(parseSignatureHeader(header)).toBeNull();
    },
  );
});

describe("wallet times", () => {
  it("are sent with a numeric offset, never Z", () => {
    expect(formatWalletTime(new Date("2026-11-21T10:00:00.000Z"))).toBe("2026-11-21T10:00:00.000+00:00");
  });

  it.each([
    ["2026-11-21T10:00:00.000+00:00", "2026-11-21T10:00:00.000Z"],
    ["2026-11-21T10:00:00Z", "2026-11-21T10:00:00.000Z"],
    ["2026-11-21T13:00:00+03:00", "2026-11-21T10:00:00.000Z"],
    ["2026-11-21T13:00:00.5+0300", "2026-11-21T10:00:00.500Z"],
  ])("are read with Z or an offset: %s", (text, iso) => {
    expect(parseWalletTime(text)?.toISOString()).toBe(iso);
  });

  it.each(["2026-11-21 10:00:00", "2026-11-21T10:00:00", "yesterday", ""])("rejects %j", (text) => {
    expect(parseWalletTime(text)).toBeNull();
  });
});
