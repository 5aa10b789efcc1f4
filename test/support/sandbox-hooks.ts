// One test's sandbox faults and settings never leak into the next: whatever a test set (a fault it did
// not use up, a slow wallet, a refund delay), the file's next test starts from the state before it,
// whether the test passed or failed half-way. Register once per file, at the top:
//   restoreSandboxAfterEach(() => merchant?.sandbox);
import { afterEach, beforeEach } from "vitest";
import type { TestSandbox } from "./sandbox";

export function restoreSandboxAfterEach(sandbox: () => TestSandbox | undefined): void {
  let before: Record<string, unknown> | undefined;
  beforeEach(async () => {
    before = await sandbox()?.control<Record<string, unknown>>("GET", "/sandbox/settings");
  });
  afterEach(async () => {
    const current = sandbox();
    if (!current) return;
    await current.control("DELETE", "/sandbox/faults");
    if (before) await current.control("POST", "/sandbox/settings", before);
  });
}
