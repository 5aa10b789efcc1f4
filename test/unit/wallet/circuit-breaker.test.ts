// The wallet client behind its circuit breaker, against a scripted peer: silence (timeouts, dropped
// connections) opens it, an open breaker answers U CIRCUIT_OPEN without sending anything, a trial
// call after the cool-down closes or reopens it, and answers of any kind keep it closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BreakerState, WalletCircuitBreaker } from "@/lib/wallet/circuit-breaker";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import type { WalletExchange, WalletOutcome } from "@/lib/wallet/outcome";
import { generateTestKeyPair } from "@/test/support/keys";
import { type ScriptedWallet, startScriptedWallet } from "@/test/support/scripted-wallet";
import { validRequests } from "@/test/support/wallet-requests";

const keys = generateTestKeyPair();
const FAILURES_TO_OPEN = 3;
const HALF_OPEN_AFTER_MS = 300;
const inquiryAnswer = {
  body: {
    result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
    paymentId: "payment-1",
    paymentStatus: "SUCCESS",
  },
};

let wallet: ScriptedWallet;
let breaker: WalletCircuitBreaker;
let client: WalletClient;
let exchanges: WalletExchange[];
let states: BreakerState[];

beforeAll(async () => {
  wallet = await startScriptedWallet();
});
afterAll(() => wallet.close());

function freshClient() {
  breaker = new WalletCircuitBreaker({
    failuresToOpen: FAILURES_TO_OPEN,
    halfOpenAfterMs: HALF_OPEN_AFTER_MS,
  });
  states = [];
  breaker.onStateChange((state) => states.push(state));
  exchanges = [];
  client = createWalletClient({
    baseUrl: wallet.url,
    clientId: "merchant-breaker",
    privateKey: keys.privateKeyPem,
    keyVersion: 1,
    timeoutsMs: { pay: 400, inquiry: 400, default: 400 },
    // Retries well inside the cool-down (a retry after it would be the trial call).
    retryDelayMs: () => 5,
    breaker,
    hooks: { onExchange: (exchange) => void exchanges.push(exchange) },
  });
}

const inquire = () => client.inquiryPayment(validRequests.inquiryPayment);
const pay = () => client.pay(validRequests.pay);
// A dropped connection is NETWORK, or TIMEOUT when a loaded machine is slower than the client timeout.
const silent = (outcome: WalletOutcome<unknown>) =>
  outcome.status === "U" && (outcome.unknownCause === "NETWORK" || outcome.unknownCause === "TIMEOUT");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drives the breaker open with dropped connections. */
async function openBreaker() {
  wallet.answer(...Array.from({ length: FAILURES_TO_OPEN }, () => ({ drop: true })));
  for (let i = 0; i < FAILURES_TO_OPEN; i++) expect(silent(await inquire())).toBe(true);
  expect(breaker.state).toBe("open");
}

describe("the wallet circuit breaker", () => {
  it(`opens after ${FAILURES_TO_OPEN} calls in a row get no answer, then fails calls fast without sending them`, async () => {
    freshClient();
    await openBreaker();
    const sentBefore = wallet.received.length;

    const outcome = await pay();

    expect(outcome).toMatchObject({
      status: "U",
      unknownCause: "CIRCUIT_OPEN",
      resultCode: "UNKNOWN_EXCEPTION",
      data: undefined,
    });
    expect(outcome.exchange).toMatchObject({ operation: "pay", sent: false, httpStatus: undefined });
    expect(wallet.received.length, "nothing reached the wallet").toBe(sentBefore);
    expect(states).toEqual(["open"]);
    // The hook hears of the refused call too (metrics count it); the log of exchanges skips it.
    expect(exchanges.at(-1)).toMatchObject({ operation: "pay", unknownCause: "CIRCUIT_OPEN", sent: false });
  });

  it("opens on timeouts just as on dropped connections", async () => {
    freshClient();
    wallet.answer(...Array.from({ length: FAILURES_TO_OPEN }, () => ({ delayMs: 900, ...inquiryAnswer })));
    for (let i = 0; i < FAILURES_TO_OPEN; i++)
      expect(await inquire()).toMatchObject({ unknownCause: "TIMEOUT" });
    expect(breaker.state).toBe("open");
    await sleep(600); // let the scripted peer finish the late answers
  });

  it("stops retrying once it opens: the remaining attempts are not sent", async () => {
    freshClient();
    // As many dropped connections as it takes to open: the attempts after that are never sent.
    wallet.answer(...Array.from({ length: FAILURES_TO_OPEN }, () => ({ drop: true })));
    const sentBefore = wallet.received.length;
    const outcome = await client.inquiryPayment(validRequests.inquiryPayment, {
      attempts: FAILURES_TO_OPEN + 2,
    });
    expect(outcome).toMatchObject({ status: "U", unknownCause: "CIRCUIT_OPEN" });
    expect(wallet.received.length - sentBefore).toBe(FAILURES_TO_OPEN);
  });

  it("lets one trial call through after the cool-down; an answer closes it", async () => {
    freshClient();
    await openBreaker();
    await sleep(HALF_OPEN_AFTER_MS + 50);
    wallet.answer(inquiryAnswer);
    expect(await inquire()).toMatchObject({ status: "S" });
    expect(breaker.state).toBe("closed");
    expect(states).toEqual(["open", "half-open", "closed"]);
  });

  it("opens again when the trial call gets no answer either", async () => {
    freshClient();
    await openBreaker();
    await sleep(HALF_OPEN_AFTER_MS + 50);
    wallet.answer({ drop: true });
    expect(silent(await inquire())).toBe(true);
    expect(breaker.state).toBe("open");
    expect(await inquire()).toMatchObject({ unknownCause: "CIRCUIT_OPEN" });
    expect(states).toEqual(["open", "half-open", "open"]);
  });

  it("fails other calls fast while the trial call is under way, instead of making them wait for it", async () => {
    freshClient();
    await openBreaker();
    await sleep(HALF_OPEN_AFTER_MS + 50);
    wallet.answer({ delayMs: 100, ...inquiryAnswer });
    let trialAnswered = false;
    const trial = inquire().then((outcome) => {
      trialAnswered = true;
      return outcome;
    });
    const other = await pay();
    expect(trialAnswered, "the other call did not wait for the trial").toBe(false);
    expect(other).toMatchObject({ status: "U", unknownCause: "CIRCUIT_OPEN" });
    expect(await trial).toMatchObject({ status: "S" });
    expect(breaker.state).toBe("closed");
  });

  it("stays closed when the wallet answers, even with U, F or a 5xx: it is reachable", async () => {
    freshClient();
    const unknown = { result: { resultCode: "UNKNOWN_EXCEPTION", resultStatus: "U", resultMessage: "?" } };
    const failed = { result: { resultCode: "ORDER_NOT_EXIST", resultStatus: "F", resultMessage: "no" } };
    wallet.answer(
      ...Array.from({ length: FAILURES_TO_OPEN + 1 }, () => ({ body: unknown })),
      ...Array.from({ length: FAILURES_TO_OPEN + 1 }, () => ({ status: 502, body: "bad gateway" })),
      { body: failed },
    );
    for (let i = 0; i < 2 * (FAILURES_TO_OPEN + 1) + 1; i++) await inquire();
    expect(breaker.state).toBe("closed");
    expect(states).toEqual([]);
  });

  it("counts silence in a row only: an answer in between starts the count again", async () => {
    freshClient();
    const drops = Array.from({ length: FAILURES_TO_OPEN - 1 }, () => ({ drop: true }));
    wallet.answer(...drops, inquiryAnswer, ...drops);
    for (let i = 0; i < 2 * (FAILURES_TO_OPEN - 1) + 1; i++) await inquire();
    expect(breaker.state).toBe("closed");
  });
});
