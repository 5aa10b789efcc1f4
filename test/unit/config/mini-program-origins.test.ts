// MINI_PROGRAM_ORIGINS: the origins the mini program's API answers with CORS.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/platform/env";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "env-origins-"));

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source, { cwd: freshDir() });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error("expected the configuration to be refused");
}

describe("MINI_PROGRAM_ORIGINS", () => {
  it("locally, unset: the reference mini program directly and in the wallet container", () => {
    expect(parseEnv({}, { cwd: freshDir() }).miniProgram).toEqual({
      port: 5173,
      origins: ["http://127.0.0.1:5173", "http://localhost:5173", "http://app-5173.localhost:4010"],
    });
    const moved = parseEnv({ MINIAPP_PORT: "6001", SANDBOX_PORT: "4999" }, { cwd: freshDir() }).miniProgram;
    expect(moved.origins).toEqual([
      "http://127.0.0.1:6001",
      "http://localhost:6001",
      "http://app-6001.localhost:4999",
    ]);
  });

  it("a list of origins, spaces and a trailing slash forgiven", () => {
    const env = parseEnv(
      { MINI_PROGRAM_ORIGINS: " https://shop.wallet-cdn.example , https://m.shop.example:8443/ " },
      { cwd: freshDir() },
    );
    expect(env.miniProgram.origins).toEqual([
      "https://shop.wallet-cdn.example",
      "https://m.shop.example:8443",
    ]);
    expect(parseEnv({ MINI_PROGRAM_ORIGINS: "" }, { cwd: freshDir() }).miniProgram.origins).toHaveLength(3);
  });

  it("refuses anything that is not an origin: a path, a wildcard, another scheme, a bare name", () => {
    for (const entry of [
      "https://shop.example/app",
      "*",
      "ftp://shop.example",
      "shop.example",
      "https://*.example",
    ]) {
      expect(problemsOf({ MINI_PROGRAM_ORIGINS: entry }).join("\n")).toContain(
        `MINI_PROGRAM_ORIGINS: "${entry}" is not an origin`,
      );
    }
  });
});
