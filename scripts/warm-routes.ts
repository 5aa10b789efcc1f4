// `next dev` compiles a route the first time it is requested: seconds on a small machine, more when
// it is busy. The wallet waits 5 s for a notification's answer and the mini program has timeouts of
// its own, so a first payment could fail only because its routes were still compiling. `npm run dev`
// therefore requests each route those two callers use once, before it says it is ready.
import { readdirSync } from "node:fs";
import path from "node:path";

/** The folders of the routes that machines call, with timeouts we do not choose. */
const CALLED_BY_MACHINES = ["app/api/mini", "app/api/wallet"];

/** Stands in for a dynamic segment (`[id]`, `[kind]`): any value compiles the same module. */
const PLACEHOLDER = "warm-up";

/** One path per route file under `folders`, dynamic segments filled with a placeholder. */
export function routePathsToWarm(root: string, folders: readonly string[] = CALLED_BY_MACHINES): string[] {
  const paths: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name === "route.ts") paths.push(urlPathOf(relative));
    }
  };
  for (const folder of folders) walk(folder);
  return ["/api/health", ...paths.sort()];
}

function urlPathOf(folder: string): string {
  const segments = folder
    .split("/")
    .slice(1) // "app"
    .filter((segment) => !/^\(.*\)$/.test(segment)) // route groups are not part of the URL
    .map((segment) => (segment.startsWith("[") ? PLACEHOLDER : segment));
  return `/${segments.join("/")}`;
}

/**
 * GETs every path once, all at once, and waits for the answers: a 405 or 401 compiles the route as
 * well as a 200 does, and a GET has no effect on any of them. Returns the paths that answered 5xx
 * (a compile error shows in the app's own output).
 */
export async function warmRoutes(
  baseUrl: string,
  paths: readonly string[],
  timeoutMs: number,
): Promise<string[]> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const statuses = await Promise.all(
    paths.map(async (routePath) => {
      const response = await fetch(new URL(routePath, baseUrl), { signal: deadline });
      await response.body?.cancel();
      return { routePath, status: response.status };
    }),
  );
  return statuses
    .filter(({ status }) => status >= 500)
    .map(({ routePath, status }) => `${routePath} (${status})`);
}
