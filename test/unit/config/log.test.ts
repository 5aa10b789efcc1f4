import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/platform/log";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, logger: createLogger({ destination }) };
}

describe("logger redaction", () => {
  it("never prints tokens, auth codes, signatures or passwords, at any of three levels", () => {
    const { lines, logger } = capture();
    logger.info({
      accessToken: "secret-access",
      request: { authCode: "secret-code", headers: { Signature: "secret-signature" } },
      body: { refreshToken: "secret-refresh", nested: { paymentAuthCode: "secret-agreement" } },
      password: "secret-password",
      paymentId: "visible-payment",
    });
    const line = lines.join("");
    expect(line).not.toMatch(/secret-/);
    expect(line).toContain("visible-payment");
    expect(line).toContain("[redacted]");
  });
});
