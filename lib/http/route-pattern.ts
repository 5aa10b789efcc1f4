// The route pattern of a request (`/api/mini/orders/[id]`), rebuilt from its path and the params
// Next.js matched: route handlers are not told which route file serves them. Metrics are labelled
// with it, never with the raw path, which would make a series per order id (or per fuzzed URL).

type Params = Record<string, string | string[] | undefined>;

const MAX_PATTERN_LENGTH = 120;

export function routePattern(pathname: string, params: Params | undefined): string {
  const segments = pathname.split("/").filter(Boolean);
  const templated = new Set<number>();
  for (const [name, value] of Object.entries(params ?? {})) {
    // A catch-all is always the last segment and takes the rest of the path.
    if (Array.isArray(value)) {
      const start = Math.max(0, segments.length - value.length);
      segments.splice(start, segments.length - start, `[...${name}]`);
      templated.add(start);
    }
  }
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value !== "string") continue;
    // Dynamic segments come after the static ones they extend: match from the right.
    for (let index = segments.length - 1; index >= 0; index--) {
      if (!templated.has(index) && decoded(segments[index] as string) === value) {
        segments[index] = `[${name}]`;
        templated.add(index);
        break;
      }
    }
  }
  return `/${segments.join("/")}`.slice(0, MAX_PATTERN_LENGTH);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
