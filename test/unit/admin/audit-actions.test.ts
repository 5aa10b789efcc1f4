// Every action code the services write to the audit log has words on the audit page: the list the
// page's filter and labels come from is checked against the source that writes the entries.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "@/lib/console/i18n/en";
import { AUDIT_ACTIONS } from "@/lib/operators/audit/audit-actions";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the audit log's actions", () => {
  it("lists every action code the services write, each with words in English and Arabic", () => {
    const written = new Set<string>();
    for (const file of sources("lib")) {
      for (const match of readFileSync(file, "utf8").matchAll(
        /action: (?:result\.ok \? )?"([a-z-]+\.[a-z-]+)"/g,
      )) {
        written.add(match[1] as string);
      }
    }
    written.add("operator.sign-in-refused");
    for (const action of ["accept", "cancel", "void"]) written.add(`order.${action}`);
    for (const action of ["cancel", "void"]) written.add(`order.${action}-request`);
    expect([...written].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual(
      [],
    );
    expect(AUDIT_ACTIONS.filter((action) => !Object.hasOwn(en, `audit.action.${action}`))).toEqual([]);
  });
});
