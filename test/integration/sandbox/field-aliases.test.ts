// Answers carry, beside the spec's names, those a production wallet of this family uses
// (`redirectActionForm.redirectUrl`, `authUrl`) unless the setting `fieldAliases` is off. Checked
// on the raw signed bytes: the aliases are inside the body the Signature covers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { loadPublicKey, verifySignedMessage } from "@/lib/wallet/signature";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { type RawAnswer, sendSignedRequest } from "@/test/support/signed-request";

let sandbox: TestSandbox;
let customerId: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  ({ customerId } = await sandbox.authorizeCustomer());
});
afterAll(() => sandbox?.close());
restoreSandboxAfterEach(() => sandbox);

async function call(path: string, body: unknown): Promise<RawAnswer> {
  const answer = await sendSignedRequest({
    baseUrl: sandbox.url,
    path,
    clientId: sandbox.merchant.clientId,
    privateKey: sandbox.merchant.privateKey,
    body: JSON.stringify(body),
  });
  const verdict = verifySignedMessage(
    {
      method: "POST",
      path,
      clientId: answer.headers.get("client-id") ?? "",
      time: answer.headers.get("response-time") ?? "",
      body: answer.text,
      signatureHeader: answer.headers.get("signature"),
    },
    loadPublicKey(sandbox.walletPublicKeyPem),
  );
  expect(verdict).toEqual({ ok: true });
  return answer;
}

const pay = () =>
  call("/v1/payments/pay", {
    productCode: PRODUCT_CODES.CASHIER,
    paymentRequestId: uniqueId("payreq"),
    paymentAmount: { currency: "IQD", value: "2500000" },
    order: { orderDescription: "Coffee", buyer: { referenceBuyerId: customerId } },
  });
const prepare = () => call("/v1/authorizations/prepare", { scopes: "AGREEMENT_PAY" });

describe("field aliases", () => {
  it("are on by default: pay and prepare answer both names with the same value, signed", async () => {
    expect(await sandbox.control("GET", "/sandbox/settings")).toMatchObject({ fieldAliases: true });
    const paid = await pay();
    const form = paid.json.redirectActionForm as { redirectionUrl: string; redirectUrl: string };
    expect(form.redirectionUrl).toMatch(/\/cashier\/pay_/);
    expect(form.redirectUrl).toBe(form.redirectionUrl);
    expect(paid.text).toContain('"redirectUrl":');

    const prepared = await prepare();
    expect(prepared.json.authorizationUrl).toMatch(/\/agreement\?token=/);
    expect(prepared.json.authUrl).toBe(prepared.json.authorizationUrl);
  });

  it("a repeated pay waiting at the cashier answers the aliases too", async () => {
    const body = {
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: uniqueId("payreq"),
      paymentAmount: { currency: "IQD", value: "1000000" },
      order: { orderDescription: "Tea", buyer: { referenceBuyerId: customerId } },
    };
    await call("/v1/payments/pay", body);
    const again = await call("/v1/payments/pay", body);
    expect(again.json.result).toMatchObject({ resultStatus: "A" });
    expect(again.json.redirectActionForm).toHaveProperty("redirectUrl");
  });

  it("switched off, answers carry only the spec's names", async () => {
    await sandbox.settings({ fieldAliases: false });
    const paid = await pay();
    expect(Object.keys(paid.json.redirectActionForm as object)).toEqual(["redirectionUrl"]);
    const prepared = await prepare();
    expect(prepared.json).not.toHaveProperty("authUrl");
    expect(prepared.json.authorizationUrl).toMatch(/\/agreement\?token=/);
    // Our own client reads either name.
    const outcome = await sandbox.client().prepare({ scopes: "AGREEMENT_PAY" });
    expect(outcome.status === "S" && outcome.data.authorizationUrl).toMatch(/\/agreement\?token=/);
    await sandbox.settings({ fieldAliases: true });
  });
});
