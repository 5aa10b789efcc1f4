// Summarises a V8 heap snapshot (`--heapsnapshot-signal`, what `npm run soak -- --heap-snapshot=<dir>`
// writes): self size by kind of object, the biggest constructors, and the scripts whose source and
// code the heap keeps, grouped by package. Enough to say who holds a process's heap without
// opening DevTools.
//
//   npx tsx bench/support/summarize-heap.ts <file.heapsnapshot> [top=15]
import { readFileSync } from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const MB = 1024 * 1024;

/** Where a script or a name lives: its package, Next's chunks, the bundle, or node itself. */
function ownerOf(name: string): string {
  const pkg = name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1].replace(/-[0-9a-f]{16}$/, "");
  if (name.includes("/.next/server/chunks/")) return ".next/server/chunks (app + bundled packages)";
  if (name.includes("/.next/server/")) return ".next/server (route entries)";
  if (name.includes("/dist/")) return "dist (bundled workers)";
  if (name.startsWith("node:")) return "node internals";
  return name ? name.slice(0, 60) : "(unnamed)";
}

function add(map: Map<string, number>, key: string, size: number) {
  map.set(key, (map.get(key) ?? 0) + size);
}

function summarizeHeap(file: string, top = 15): string {
  const heap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const byType = new Map<string, number>();
  const byConstructor = new Map<string, number>();
  const byScript = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt] as number] ?? "?";
    const name = heap.strings[heap.nodes[i + nameAt] as number] ?? "";
    const size = heap.nodes[i + sizeAt] as number;
    total += size;
    add(byType, type, size);
    if (type === "object" || type === "closure") add(byConstructor, name, size);
    // Script sources (strings named by their URL) and compiled code, by the script they belong to.
    if ((type === "code" || type === "string") && /^(file:|\/|node:)/.test(name))
      add(byScript, ownerOf(name), size);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, size]) => `  ${(size / MB).toFixed(1).padStart(7)} MB  ${key.slice(0, 90)}`);
  return [
    `${file}: ${(total / MB).toFixed(1)} MB of self size`,
    "by kind:",
    ...rows(byType),
    "objects and closures by constructor:",
    ...rows(byConstructor),
    "script sources and code by owner:",
    ...rows(byScript),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error("usage: tsx bench/support/summarize-heap.ts <file.heapsnapshot> [top]");
    process.exit(2);
  }
  console.log(summarizeHeap(file, Number(top ?? 15)));
}
