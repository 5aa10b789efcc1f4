// What verifying a mini program session token costs: jose's jwtVerify (WebCrypto, which runs each
// HMAC on libuv's thread pool) beside lib/customers/session-token.ts (node:crypto's HMAC on the
// event loop). CPU time of the whole process (every thread) per verify, from process.cpuUsage, with
// 16 verifies in flight as on a busy server; the two alternate in short slices so a machine that gets
// busier during the run affects both alike.
//
//   npm run bench:session-token           (BENCH_SECONDS=3 per side; BENCH_ROUNDS=5)
import { jwtVerify } from "jose";
import { issueSessionToken, verifySessionToken } from "../lib/customers/session-token";

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const secret = "a-session-secret-of-at-least-thirty-two-bytes";
const key = new TextEncoder().encode(secret);
const { sessionToken } = await issueSessionToken("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", secret);
const options = { algorithms: ["HS256"], audience: "mini-program", issuer: "merchant-backend" };

const withJose = async () => (await jwtVerify(sessionToken, key, options)).payload.sub;
const withNodeCrypto = () => verifySessionToken(sessionToken, secret);

/** CPU microseconds per verify over `slice` ms, 16 at a time. */
async function cpuPerVerify(verify: () => Promise<unknown>, sliceMs: number): Promise<number> {
  const started = performance.now();
  const before = process.cpuUsage();
  let count = 0;
  while (performance.now() - started < sliceMs) {
    await Promise.all(Array.from({ length: 16 }, verify));
    count += 16;
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

// Warm both up (JIT, the imported key) before measuring.
await cpuPerVerify(withJose, 300);
await cpuPerVerify(withNodeCrypto, 300);
for (let round = 1; round <= rounds; round++) {
  const slice = (seconds * 1000) / 10;
  const jose: number[] = [];
  const ours: number[] = [];
  for (let i = 0; i < 10; i++) {
    jose.push(await cpuPerVerify(withJose, slice));
    ours.push(await cpuPerVerify(withNodeCrypto, slice));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `round ${round}: jose (WebCrypto) ${mean(jose).toFixed(1)} µs CPU per verify, ` +
      `node:crypto ${mean(ours).toFixed(1)} µs: ${(mean(jose) / mean(ours)).toFixed(1)}x`,
  );
}
