// `npm run dev` killed without its cleanup (issue 28): its children — the app, the workers, the
// sandbox — run in process groups of their own, so nothing ended them, they held their ports and the
// next `npm run dev` could not start. Here the supervisor is SIGKILLed as the OOM killer would, every
// child must be gone and the ports free within seconds, and `npm run dev` starts again on the same
// ports; then the whole `npm run dev` group is SIGKILLed, as a crashed terminal leaves it, and again
// nothing is left. It also listens on 127.0.0.1 only unless HOST says otherwise.
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshCheckout, type LocalStack, processesIn, runLocalStack } from "@/test/support/local-stack";
import { waitUntil } from "@/test/support/wait";

let checkout: ReturnType<typeof freshCheckout>;
const stacks: LocalStack[] = [];

beforeAll(() => {
  checkout = freshCheckout();
}, 120_000);

afterAll(async () => {
  for (const stack of stacks) await stack.stop();
  checkout?.remove();
}, 120_000);

/** True when something accepts a TCP connection on `host:port`. */
function listening(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const portOf = (url: string) => Number(new URL(url).port);

/** The supervisor: the node process running scripts/dev.ts itself (not npm, its shell or tsx's launcher). */
function supervisorPid(dir: string): number {
  const found = processesIn(dir).filter(
    ({ command }) => command.endsWith("scripts/dev.ts") && command.includes("loader"),
  );
  expect(found, "one supervisor process").toHaveLength(1);
  return (found[0] as { pid: number }).pid;
}

async function expectEverythingGone(stack: LocalStack, what: string) {
  await waitUntil(async () => processesIn(checkout.dir).length === 0, {
    timeoutMs: 30_000,
    intervalMs: 250,
    what: `every process of npm run dev to end after ${what}`,
  }).catch((error: Error) => {
    const left = processesIn(checkout.dir).map(({ pid, command }) => `${pid} ${command.slice(0, 160)}`);
    throw new Error(`${error.message}\nstill running:\n${left.join("\n")}`);
  });
  expect(await listening(portOf(stack.appUrl)), "the app's port").toBe(false);
  expect(await listening(portOf(stack.sandboxUrl)), "the sandbox's port").toBe(false);
  expect(await listening(portOf(stack.miniProgramUrl)), "the mini program's port").toBe(false);
}

/** An address of this machine other than loopback, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

describe("npm run dev killed without its cleanup", () => {
  it("takes its children down when the supervisor is SIGKILLed, and starts again on the same ports", async () => {
    const first = await runLocalStack({ script: "dev", cwd: checkout.dir, readyTimeoutMs: 300_000 });
    stacks.push(first);
    const children = processesIn(checkout.dir).length;
    expect(children, "npm, tsx, the supervisor, and its children").toBeGreaterThan(5);

    expect(await listening(portOf(first.appUrl))).toBe(true);

    process.kill(supervisorPid(checkout.dir), "SIGKILL");
    await expectEverythingGone(first, "its supervisor was SIGKILLed");

    const again = await runLocalStack({
      script: "dev",
      cwd: checkout.dir,
      readyTimeoutMs: 300_000,
      ports: {
        app: portOf(first.appUrl),
        sandbox: portOf(first.sandboxUrl),
        miniProgram: portOf(first.miniProgramUrl),
      },
    });
    stacks.push(again);
    expect(again.appUrl).toBe(first.appUrl);
    const health = await fetch(`${again.appUrl}/api/health/live`);
    expect(health.status).toBe(200);
    // On this machine only: not on its other addresses.
    const external = externalAddress();
    if (external)
      expect(await listening(portOf(again.appUrl), external), `the app on ${external}`).toBe(false);

    // A crashed terminal: npm, its shell, tsx and the supervisor all SIGKILLed at once.
    process.kill(-again.group, "SIGKILL");
    await expectEverythingGone(again, "the whole npm run dev group was SIGKILLed");
  }, 900_000);
});
