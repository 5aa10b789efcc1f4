// What authenticating an API key costs (lib/operators/api-keys/authenticate-api-key.ts), in process
// against PostgreSQL on a fresh database, for the makers a key can have: a role without a
// second-factor policy; a policy met with TOTP; a policy met with a passkey only (the one case that
// reads more: the maker's passkeys are counted); a policy unmet (the key is refused as suspended).
// The cases run in interleaved rounds so machine noise hits them alike.
//
//   npm run bench:auth
//   BENCH_CALLS=500 BENCH_ROUNDS=10 npm run bench:auth
//
// `server-only` modules load under the react-server condition, as Next.js loads them.
import { randomUUID } from "node:crypto";
import { authenticateApiKey, newApiKeySecret } from "@/lib/operators/api-keys/authenticate-api-key";
import type { PrismaClient } from "@/lib/platform/db";
import { createTestDatabase } from "../test/support/database";

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

interface Case {
  name: string;
  secret: string;
  times: number[];
}

async function makerWithKey(
  prisma: PrismaClient,
  name: string,
  maker: { requireSecondFactor: boolean; totp: boolean; passkey: boolean },
): Promise<Case> {
  const roleKey = `BENCH_${randomUUID().slice(0, 8).toUpperCase()}`;
  await prisma.role.create({
    data: {
      key: roleKey,
      name: roleKey,
      permissions: ["orders.read"],
      requireSecondFactor: maker.requireSecondFactor,
    },
  });
  const operator = await prisma.operator.create({
    data: {
      email: `${roleKey.toLowerCase()}@bench.example`,
      name,
      role: roleKey,
      passwordHash: "not used",
      totpEnabledAt: maker.totp ? new Date() : null,
    },
  });
  if (maker.passkey) {
    await prisma.passkey.create({
      data: {
        operatorId: operator.id,
        credentialId: randomUUID(),
        publicKey: Buffer.alloc(77),
        name: "bench",
      },
    });
  }
  const { secret, prefix, secretHash } = newApiKeySecret();
  await prisma.apiKey.create({
    data: {
      name,
      prefix,
      secretHash,
      role: roleKey,
      operatorId: operator.id,
      expiresAt: new Date(Date.now() + 24 * 3600_000),
    },
  });
  return { name, secret, times: [] };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main() {
  const db = await createTestDatabase();
  try {
    const cases = [
      await makerWithKey(db.prisma, "no second-factor policy", {
        requireSecondFactor: false,
        totp: false,
        passkey: false,
      }),
      await makerWithKey(db.prisma, "policy met with TOTP", {
        requireSecondFactor: true,
        totp: true,
        passkey: false,
      }),
      await makerWithKey(db.prisma, "policy met with a passkey", {
        requireSecondFactor: true,
        totp: false,
        passkey: true,
      }),
      await makerWithKey(db.prisma, "policy unmet (suspended)", {
        requireSecondFactor: true,
        totp: false,
        passkey: false,
      }),
    ];
    for (const each of cases) {
      for (let i = 0; i < 100; i++) await authenticateApiKey(db.prisma, each.secret, new Date()); // warm-up
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const each of cases) {
        for (let i = 0; i < CALLS; i++) {
          const started = performance.now();
          await authenticateApiKey(db.prisma, each.secret, new Date());
          each.times.push(performance.now() - started);
        }
      }
    }
    console.log(`authenticateApiKey, ${ROUNDS} rounds × ${CALLS} calls per case; node ${process.version}`);
    for (const each of cases) {
      const sorted = [...each.times].sort((a, b) => a - b);
      const mean = sorted.reduce((sum, time) => sum + time, 0) / sorted.length;
      const answer = await authenticateApiKey(db.prisma, each.secret, new Date());
      const outcome = answer === null ? "refused" : typeof answer === "string" ? answer : "accepted";
      console.log(
        `${each.name.padEnd(28)} mean ${(mean * 1000).toFixed(0).padStart(5)} µs  p50 ${(percentile(sorted, 50) * 1000).toFixed(0).padStart(5)} µs  p95 ${(percentile(sorted, 95) * 1000).toFixed(0).padStart(5)} µs  (${outcome})`,
      );
    }
  } finally {
    await db.drop();
  }
}

await main();
