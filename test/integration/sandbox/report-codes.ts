// Prints which of the wallet's documented error codes (docs/wallet-interface.md, "Errors") the
// sandbox conformance tests reached, per operation.
// Run after the tests: `npx vitest run test/integration/sandbox && npx tsx test/integration/sandbox/report-codes.ts`
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { REACHED_DIR } from "./reached-codes";
import { readSpecErrorCodes } from "./spec-error-codes";

if (!existsSync(REACHED_DIR)) {
  console.error(`nothing in ${REACHED_DIR}: run the sandbox conformance tests first`);
  process.exit(1);
}
const reached = new Set<string>();
for (const file of readdirSync(REACHED_DIR).filter((name) => name.endsWith(".json"))) {
  for (const entry of JSON.parse(readFileSync(`${REACHED_DIR}${file}`, "utf8")) as string[])
    reached.add(entry);
}

// The document itself; auth.test.ts keeps it equal to the transcription the tests check.
const listed = readSpecErrorCodes();
let pairs = 0;
let reachedPairs = 0;
const uniqueListed = new Set<string>();
const uniqueReached = new Set<string>();
for (const [operation, codes] of Object.entries(listed)) {
  const lines = codes.map((code) => {
    pairs += 1;
    uniqueListed.add(code);
    const hit = reached.has(`${operation}:${code}`);
    if (hit) {
      reachedPairs += 1;
      uniqueReached.add(code);
    }
    return `${hit ? "✓" : "✗"} ${code}`;
  });
  console.log(`${operation}: ${lines.join(", ")}`);
}
const specPairs = new Set(Object.entries(listed).flatMap(([op, codes]) => codes.map((c) => `${op}:${c}`)));
const beyond = [...reached]
  .filter((entry) => !specPairs.has(entry) && !/:(SUCCESS|ACCEPT)$/.test(entry))
  .sort();
console.log(`\ndocumented (operation, code) pairs reached: ${reachedPairs}/${pairs}`);
console.log(`distinct documented codes reached: ${uniqueReached.size}/${uniqueListed.size}`);
console.log(`other codes answered (general or sandbox decisions): ${beyond.join(", ")}`);
process.exit(reachedPairs === pairs ? 0 : 1);
