import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { childEnv, cleanChildLine, prefixLines } from "@/scripts/child-output";

describe("cleanChildLine", () => {
  it.each([
    ["plain text stays", "GET /api/health 200 in 12ms", "GET /api/health 200 in 12ms"],
    ["colours go", "\u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Ready in 1.2s", "✓ Ready in 1.2s"],
    [
      "cursor moves and a window title go",
      "\u001b[2K\u001b[1G\u001b]0;next-server\u0007 ▲ Next.js 16",
      " ▲ Next.js 16",
    ],
    [
      "a line redrawn with \\r ends as its last drawing",
      "Compiling 10%\rCompiling 90%\rCompiled",
      "Compiled",
    ],
    ["a CRLF ending is not a redraw", "Ready\r", "Ready"],
    [
      "the child's own prefix is not repeated",
      "[sandbox] wallet sandbox listening",
      "wallet sandbox listening",
    ],
    ["another child's prefix is kept", "[app] something", "[app] something"],
  ])("%s", (_case, line, shown) => {
    expect(cleanChildLine(line, "sandbox")).toBe(shown);
  });
});

describe("prefixLines", () => {
  it("writes every line once behind the name, across chunk borders, with the last unterminated line", async () => {
    const stream = new PassThrough();
    const written: string[] = [];
    prefixLines(stream, "sandbox", (text) => written.push(text));
    stream.write("[sandbox] wallet sand");
    stream.write("box listening\n\n\u001b[31mred\u001b[39m\nlast words");
    stream.end();
    await new Promise((resolve) => stream.on("close", resolve));
    expect(written).toEqual([
      "[sandbox]  wallet sandbox listening\n",
      "[sandbox]  red\n",
      "[sandbox]  last words\n",
    ]);
  });
});

describe("childEnv", () => {
  it("turns colours off even when the shell forces them (Next treats FORCE_COLOR=0 as on)", () => {
    const saved = process.env.FORCE_COLOR;
    process.env.FORCE_COLOR = "0";
    try {
      const env = childEnv({ SANDBOX_PORT: "5100" });
      expect(env.NO_COLOR).toBe("1");
      expect(env).not.toHaveProperty("FORCE_COLOR");
      expect(env.SANDBOX_PORT).toBe("5100");
    } finally {
      if (saved === undefined) delete process.env.FORCE_COLOR;
      else process.env.FORCE_COLOR = saved;
    }
  });
});
