// `npm run bench:query-compiler`: what Prisma's query compiler costs per query, for the build the
// client was generated with (`compilerBuild` in prisma/schema.prisma: "small", ours, or "fast").
// Prisma 7 plans every query in WebAssembly and keeps the plan per query shape (its query plan
// cache), so a build's speed shows in two places: a shape's first call (planned), and every call
// after it (the plan cache, the interpreter and the database, the same for both builds). Each round
// opens a fresh client (an empty plan cache) on a temporary database and runs the app's usual shapes
// once cold, then `BENCH_REPEAT` times warm; wall and CPU time are printed per shape, medians of the
// rounds. To compare the builds: change `compilerBuild`, `npm run db:generate`, run again.
//
//   npm run bench:query-compiler                       # 5 rounds, 200 warm calls per shape
//   BENCH_ROUNDS=9 BENCH_REPEAT=500 npm run bench:query-compiler
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import type { PrismaClient } from "@/lib/platform/db";
import { closePrismaClient, createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);

/** Which build generated/prisma loads (the generator writes the runtime's file name). */
function generatedBuild(): string {
  const source = readFileSync("generated/prisma/internal/class.ts", "utf8");
  return source.match(/query_compiler_(\w+)_bg\.postgresql/)?.[1] ?? "unknown";
}

/** The shapes the order path, the scans and the console use most, one call each. */
function shapes(prisma: PrismaClient, customerId: string): Record<string, () => Promise<unknown>> {
  return {
    "product by sku": () => prisma.product.findUnique({ where: { sku: "COFFEE" } }),
    "active products": () =>
      prisma.product.findMany({
        where: { active: true, sku: { in: ["COFFEE", "TEA"] } },
        orderBy: { sku: "asc" },
      }),
    "order page with items": () =>
      prisma.order.findMany({
        where: { customerId, status: { in: ["PAID", "CREATED"] } },
        include: { items: true },
        orderBy: { createdAt: "desc" },
        take: 20,
      }),
    "orders needing attention": () => prisma.order.count({ where: { needsAttention: true } }),
    "customer upsert": () =>
      prisma.customer.upsert({
        where: { walletCustomerId: "bench-customer" },
        create: { walletCustomerId: "bench-customer", scopes: ["USER_ID"] },
        update: { lastSeenAt: new Date() },
      }),
    "order with items, created": () =>
      prisma.order.create({
        data: {
          customerId,
          flow: "CASHIER",
          productCode: "BENCH",
          currency: "IQD",
          amountFils: 1000n,
          idempotencyKey: randomBytes(8).toString("hex"),
          paymentRequestId: randomBytes(12).toString("hex"),
          items: { create: [{ sku: "COFFEE", name: "Coffee", unitPriceFils: 500n, quantity: 2 }] },
        },
        select: { id: true },
      }),
  };
}

interface Cost {
  wallMs: number;
  cpuMs: number;
}
/** One round: each shape's first call, and the mean of its warm calls. */
type Round = Map<string, { cold: Cost; warm: Cost }>;

async function timed(call: () => Promise<unknown>): Promise<Cost> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await call();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function round(databaseUrl: string): Promise<Round> {
  const prisma = createPrismaClient(databaseUrl);
  try {
    // The client's first query loads and instantiates the compiler and connects: not a shape's cost.
    await prisma.product.count();
    const { id: customerId } = await prisma.customer.upsert({
      where: { walletCustomerId: "bench-owner" },
      create: { walletCustomerId: "bench-owner" },
      update: {},
      select: { id: true },
    });
    const result: Round = new Map();
    for (const [name, call] of Object.entries(shapes(prisma, customerId))) {
      const cold = await timed(call);
      const warm = await timed(async () => {
        for (let i = 0; i < REPEAT; i++) await call();
      });
      result.set(name, { cold, warm: { wallMs: warm.wallMs / REPEAT, cpuMs: warm.cpuMs / REPEAT } });
    }
    return result;
  } finally {
    await closePrismaClient(prisma);
  }
}

async function main() {
  const databaseName = `bench_qc_${randomBytes(4).toString("hex")}`;
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;
  await migrateDatabase(databaseUrl);
  try {
    const seeding = createPrismaClient(databaseUrl);
    await seedDemoCatalog(seeding);
    await closePrismaClient(seeding);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(databaseUrl));
    console.log(
      `compilerBuild "${generatedBuild()}": ${ROUNDS} rounds, ${REPEAT} warm calls per shape; medians`,
    );
    console.log("shape                       first call wall / CPU     warm call wall / CPU");
    for (const name of rounds[0]?.keys() ?? []) {
      const of = (pick: (shape: { cold: Cost; warm: Cost }) => number) =>
        median(
          rounds.flatMap((r) => {
            const shape = r.get(name);
            return shape ? [pick(shape)] : [];
          }),
        );
      console.log(
        `${name.padEnd(28)}${of((r) => r.cold.wallMs)
          .toFixed(2)
          .padStart(8)} / ${of((r) => r.cold.cpuMs)
          .toFixed(2)
          .padStart(6)} ms` +
          `${of((r) => r.warm.wallMs)
            .toFixed(3)
            .padStart(12)} / ${of((r) => r.warm.cpuMs)
            .toFixed(3)
            .padStart(6)} ms`,
      );
    }
  } finally {
    const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
