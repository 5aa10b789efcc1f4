// Collects the result codes a conformance file reached, per operation, and compares them with the
// spec's list. Each file writes its findings to test-results/sandbox-codes/ for report-codes.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import type { TestSandbox } from "@/test/support/sandbox";
import { SPEC_ERROR_CODES } from "./spec-error-codes";

export const REACHED_DIR = new URL("../../../test-results/sandbox-codes/", import.meta.url).pathname;

export class ReachedCodes {
  private readonly manual = new Set<string>();

  constructor(
    private readonly area: string,
    private readonly sandbox: () => TestSandbox,
  ) {}

  /** For answers that did not go through a client operation (sendRaw, hand-built requests). */
  record(operation: string, code: string | undefined): void {
    if (code) this.manual.add(`${operation}:${code}`);
  }

  reached(): Set<string> {
    const all = new Set(this.manual);
    for (const exchange of this.sandbox().exchanges) {
      // Only codes the wallet answered count, not the client's own (TIMEOUT, NETWORK, ...).
      if (exchange.httpStatus !== undefined) all.add(`${exchange.operation}:${exchange.resultCode}`);
    }
    return all;
  }

  /** Spec codes of these operations that no test of this file reached. */
  missing(operations: string[]): string[] {
    const reached = this.reached();
    return operations.flatMap((operation) =>
      (SPEC_ERROR_CODES[operation] ?? [])
        .filter((code) => !reached.has(`${operation}:${code}`))
        .map((code) => `${operation}:${code}`),
    );
  }

  save(): void {
    mkdirSync(REACHED_DIR, { recursive: true });
    writeFileSync(`${REACHED_DIR}${this.area}.json`, JSON.stringify([...this.reached()].sort(), null, 2));
  }
}
