// `npm run build && npm start`, the habit of every Next.js user: the production build serves on a
// database that does not exist yet (npm start prepares it as `npm run dev` does), and the README's
// walkthrough, pasted as written, ends with the order PAID. Needs `npm run build` (CI runs it first).
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/platform/db/client";
import {
  expectStrangerSlowedOperatorNot,
  firstAdminOf,
  strangerThenOperator,
} from "@/test/support/console-sign-in";
import { type LocalStack, runLocalStack } from "@/test/support/local-stack";
import { runWalkthrough } from "@/test/support/walkthrough";

let stack: LocalStack | undefined;

beforeAll(async () => {
  if (!existsSync(".next/standalone/server.js")) throw new Error("run `npm run build` first");
  stack = await runLocalStack({ script: "start", cwd: process.cwd(), readyTimeoutMs: 120_000 });
}, 140_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe("npm start after npm run build", () => {
  it("serves /api/health/ready 200 from the production build", async () => {
    const response = await fetch(`${stack?.appUrl}/api/health/ready`);
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it("takes the README walkthrough, run exactly as written with only curl and node, to PAID", async () => {
    const run = await runWalkthrough({ sandbox: stack?.sandboxUrl ?? "", app: stack?.appUrl ?? "" });
    expect(run.code, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
    expect(run.status).toBe("PAID");
    const prisma = createPrismaClient(stack?.databaseUrl ?? "");
    try {
      const order = await prisma.order.findUniqueOrThrow({ where: { id: run.orderId ?? "" } });
      expect(order).toMatchObject({ status: "PAID", flow: "CASHIER" });
      const notification = await prisma.notification.findFirstOrThrow({ where: { orderId: order.id } });
      expect(notification).toMatchObject({ kind: "PAYMENT", verified: true, status: "APPLIED" });
    } finally {
      await prisma.$disconnect();
    }
  });

  it("a stranger's guesses from one loopback address never stop the admin at another, and typed addresses buy nothing", async () => {
    const seen = await strangerThenOperator(stack?.appUrl ?? "", firstAdminOf(stack?.output() ?? ""));
    expectStrangerSlowedOperatorNot(seen);
  });
});
