// How `npm run dev` shows its children's output: every line once, behind the child's name, as
// plain text. Children are started without colours (see childEnv), but a child may still print
// escape sequences or its own `[name]` prefix (the sandbox does, for when it runs alone).
import type { Readable } from "node:stream";

// ANSI escape sequences: CSI (colours, cursor moves), OSC (window titles, links) and the
// two-character ones.
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what this removes
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The line as the terminal would finally show it, without escapes or a repeated `[name]` prefix. */
export function cleanChildLine(line: string, name: string): string {
  // A line redrawn in place with \r (a progress indicator) ends as its last drawing.
  const drawn =
    line
      .split("\r")
      .filter((part) => part !== "")
      .at(-1) ?? "";
  const plain = drawn.replace(ANSI, "");
  const own = `[${name}]`;
  return plain.startsWith(own) ? plain.slice(own.length).trimStart() : plain;
}

/** The environment a child gets: no colours, whatever the developer's shell asks for. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Next's colour check treats any FORCE_COLOR value, even "0", as "on"; NO_COLOR turns it off.
  const { FORCE_COLOR: _ignored, ...env } = process.env;
  return { ...env, NO_COLOR: "1", ...extra };
}

/** Writes each complete line of `stream` as `<prefix> <line>`; blank lines are dropped. */
export function prefixLines(stream: Readable, name: string, write: (text: string) => void): void {
  const prefix = `[${name}]`.padEnd(10);
  let buffered = "";
  const emit = (line: string) => {
    const clean = cleanChildLine(line, name);
    if (clean.trim() !== "") write(`${prefix} ${clean}\n`);
  };
  stream.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) emit(line);
  });
  // The last line may come without a newline (a crash message): print it too.
  stream.on("end", () => {
    if (buffered) emit(buffered);
    buffered = "";
  });
}
