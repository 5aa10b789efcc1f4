// Signing throughput of lib/wallet/signature.ts beside raw node:crypto on the same key and content.
// The ratio shows what our wrapper (sign-content building, header formatting and parsing, time
// checks) costs on top of the RSA operation itself.
//
//   npm run bench:sign                     (defaults: 3 s per measurement)
//   BENCH_SECONDS=5 npm run bench:sign
import { createSign, createVerify, generateKeyPairSync } from "node:crypto";
import {
  buildSignContent,
  formatWalletTime,
  signMessage,
  verifySignedMessage,
} from "../lib/wallet/signature";

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

const body = JSON.stringify({
  productCode: "51051000101000000011",
  paymentRequestId: "pay_01JD0000000000000000000000",
  paymentAmount: { currency: "IQD", value: "250000" },
  order: { orderDescription: "2 x Coffee, 1 x Cake", buyer: { referenceBuyerId: "216610000000000000001" } },
  paymentNotifyUrl: "https://shop.example/api/wallet/notify/payment",
});
const message = {
  method: "POST",
  path: "/v1/payments/pay",
  clientId: "2022000000000001",
  time: formatWalletTime(),
  body,
};
const content = buildSignContent(message);

function measure(name: string, run: () => void): number {
  for (let i = 0; i < 50; i++) run(); // warm-up
  const deadline = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    for (let i = 0; i < 20; i++) run();
    count += 20;
  }
  const perSecond = count / ((performance.now() - started) / 1000);
  console.log(`${name.padEnd(42)} ${perSecond.toFixed(0).padStart(8)} ops/s`);
  return perSecond;
}

console.log(
  `RSA-2048, SHA-256, PKCS#1 v1.5; body ${body.length} bytes; ${seconds} s per measurement; node ${process.version}`,
);

const rawSign = measure("raw node:crypto sign", () => {
  createSign("sha256").update(content).sign(privateKey, "base64");
});
const ourSign = measure("lib/wallet signMessage (header)", () => {
  signMessage(message, privateKey, 1);
});

const header = signMessage(message, privateKey, 1);
const rawSignature = createSign("sha256").update(content).sign(privateKey, "base64");
const rawVerify = measure("raw node:crypto verify", () => {
  createVerify("sha256").update(content).verify(publicKey, rawSignature, "base64");
});
const ourVerify = measure("lib/wallet verifySignedMessage (header)", () => {
  const result = verifySignedMessage({ ...message, signatureHeader: header }, publicKey);
  if (!result.ok) throw new Error(`verification failed: ${result.reason}`);
});

console.log(`sign ratio   (ours / raw): ${(ourSign / rawSign).toFixed(3)}`);
console.log(`verify ratio (ours / raw): ${(ourVerify / rawVerify).toFixed(3)}`);
