// A CPU profile of one phase of an in-process bench (node:inspector), written as a .cpuprofile that
// bench/support/summarize-profile.ts reads. the standalone server is profiled with --cpu-prof instead
// (processes.ts); this is for benches whose measured code runs in the bench's own process.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";

/** Starts profiling when `dir` is set; the returned function stops and writes `<dir>/<name>.cpuprofile`. */
export async function profilePhase(dir: string | undefined, name: string): Promise<() => Promise<void>> {
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile of ${name} written to ${file}`);
  };
}
