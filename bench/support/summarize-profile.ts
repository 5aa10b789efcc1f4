// Summarises a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file): the functions with the most
// self time, and the same time grouped by where the code lives (our code, Next.js, Prisma, pg, ...).
// The benches write profiles of the standalone server when BENCH_CPU_PROF names a folder; read them with
//
//   npx tsx bench/support/summarize-profile.ts <file.cpuprofile | folder> [top=25]
//
// Idle time is left out of the percentages: they are shares of the time the process was busy.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  busyMs: number;
  totalMs: number;
  functions: { name: string; where: string; ms: number }[];
  groups: { group: string; ms: number }[];
}

/** Where a script lives, in the words a reader of this repository uses. */
export function groupOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collector";
    if (functionName === "(program)") return "V8 / native (program)";
    return functionName || "(native)";
  }
  const packageMatch = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (packageMatch?.[1]) {
    const name = packageMatch[1];
    if (name.startsWith("@prisma/") || name === "prisma") return `prisma (${name})`;
    if (name === "pg" || name.startsWith("pg-")) return "pg driver";
    return name;
  }
  if (url.startsWith("node:")) return "node internals";
  if (/\.next\/server\/chunks\/.*\[turbopack\]|\/\.next\/server\/chunks\/ssr\//.test(url))
    return "next (bundled)";
  if (url.includes("/.next/server/")) return "app bundle (.next/server)";
  if (url.includes("/generated/prisma/")) return "prisma (generated client)";
  return url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
}

export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const functions = new Map<string, { name: string; where: string; ms: number }>();
  const groups = new Map<string, number>();
  let busy = 0;
  let total = 0;
  for (const [id, micros] of selfMicros) {
    const node = byId.get(id);
    if (!node) continue;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busy += micros;
    const shortUrl = url.replace(/^file:\/\//, "").replace(/^.*?node_modules\//, "");
    const where = url ? `${shortUrl.replace(process.cwd(), ".")}:${lineNumber + 1}` : "";
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || "(anonymous)", where, ms: 0 };
    entry.ms += micros / 1000;
    functions.set(key, entry);
    const group = groupOf(url, functionName);
    groups.set(group, (groups.get(group) ?? 0) + micros / 1000);
  }
  return {
    busyMs: busy / 1000,
    totalMs: total / 1000,
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms),
    groups: [...groups.entries()].map(([group, ms]) => ({ group, ms })).sort((a, b) => b.ms - a.ms),
  };
}

export function formatSummary(summary: ProfileSummary, top = 25): string {
  const share = (ms: number) => `${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)} %`;
  const lines = [
    `busy ${(summary.busyMs / 1000).toFixed(1)} s of ${(summary.totalMs / 1000).toFixed(1)} s profiled`,
    "",
    "self time by where the code lives:",
    ...summary.groups.slice(0, 15).map((row) => `  ${share(row.ms)}  ${row.group}`),
    "",
    `top ${top} functions by self time:`,
    ...summary.functions
      .slice(0, top)
      .map((row) => `  ${share(row.ms)}  ${row.name.slice(0, 40).padEnd(40)} ${row.where.slice(0, 90)}`),
  ];
  return lines.join("\n");
}

function profileFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => join(path, name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [target, topText] = process.argv.slice(2);
  if (!target) {
    console.error("usage: tsx bench/support/summarize-profile.ts <file.cpuprofile | folder> [top]");
    process.exit(2);
  }
  for (const file of profileFiles(target)) {
    const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
    console.log(`== ${file}`);
    console.log(formatSummary(summarizeProfile(profile), Number(topText ?? 25)));
    console.log("");
  }
}
