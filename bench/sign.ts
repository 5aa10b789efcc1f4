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

// Raw and ours alternate in short slices, so a machine that gets busier or quieter during the run
// affects both sides alike and the ratio stays fair.
function compare(name: string, raw: () => void, ours: () => void) {
  for (let i = 0; i < 50; i++) {
    raw();
    ours();
  }
  const totals = { raw: { count: 0, ms: 0 }, ours: { count: 0, ms: 0 } };
  const slices = Math.max(2, Math.round(seconds * 4));
  for (let slice = 0; slice < slices; slice++) {
    for (const [side, run] of [
      ["raw", raw],
      ["ours", ours],
    ] as const) {
      const started = performance.now();
      const deadline = started + 125;
      let count = 0;
      while (performance.now() < deadline) {
        for (let i = 0; i < 10; i++) run();
        count += 10;
      }
      totals[side].count += count;
      totals[side].ms += performance.now() - started;
    }
  }
  const rawRate = totals.raw.count / (totals.raw.ms / 1000);
  const ourRate = totals.ours.count / (totals.ours.ms / 1000);
  console.log(`${`raw node:crypto ${name}`.padEnd(44)} ${rawRate.toFixed(0).padStart(8)} ops/s`);
  console.log(
    `${`lib/wallet ${name} (header, time window)`.padEnd(44)} ${ourRate.toFixed(0).padStart(8)} ops/s`,
  );
  console.log(`${name} ratio (ours / raw): ${(ourRate / rawRate).toFixed(3)}`);
}

console.log(
  `RSA-2048, SHA-256, PKCS#1 v1.5; body ${body.length} bytes; ~${seconds} s per side and operation; node ${process.version}`,
);

compare(
  "sign",
  () => {
    createSign("sha256").update(content).sign(privateKey, "base64");
  },
  () => {
    signMessage(message, privateKey, 1);
  },
);

const header = signMessage(message, privateKey, 1);
const rawSignature = createSign("sha256").update(content).sign(privateKey, "base64");
compare(
  "verify",
  () => {
    createVerify("sha256").update(content).verify(publicKey, rawSignature, "base64");
  },
  () => {
    const result = verifySignedMessage({ ...message, signatureHeader: header }, publicKey);
    if (!result.ok) throw new Error(`verification failed: ${result.reason}`);
  },
);
