// Fuzzing every route file under app/api with every method: hostile and malformed requests — bad JSON,
// wrong types, huge and deeply nested bodies, unicode and NUL characters, bad ids in the path, bad and
// missing session tokens — must each get a 4xx JSON error (the wallet's result format on the notify
// routes), or a 2xx when the request happens to be valid: never a 5xx, never a stack trace or a file
// path, never Next's empty 405 (every route answers every method itself).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSessionToken } from "@/lib/customers/session-token";
import { createTestOperator } from "@/test/support/operators";
import {
  HTTP_METHODS,
  listApiRoutes,
  type RouteHarness,
  startRouteHarness,
} from "@/test/support/route-harness";

/** Requests per route file; each picks a method, path, token, headers and body at random. */
const RUNS_PER_ROUTE = 300;

let app: RouteHarness;
let tokens: string[];
let tried = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  app = await startRouteHarness();
  const live = await app.newSession();
  const gone = await app.newSession();
  await app.db.prisma.walletToken.deleteMany({ where: { customerId: gone.customerId } });
  await app.db.prisma.customer.delete({ where: { id: gone.customerId } });
  const secret = process.env.SESSION_SECRET as string;
  const sign = async (customerId: string, key = secret, issuedAt = new Date()) =>
    (await issueSessionToken(customerId, key, issuedAt)).sessionToken;
  const operator = await createTestOperator(app.db.prisma, "ADMIN");
  const viewer = await createTestOperator(app.db.prisma, "VIEWER");
  tokens = [
    live.sessionToken,
    gone.sessionToken,
    await sign(live.customerId, secret, new Date(Date.now() - 3 * 60 * 60 * 1000)),
    await sign(live.customerId, "another secret of at least thirty-two bytes"),
    await sign("'; DROP TABLE orders; --"),
    "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
    "garbage",
    // The console's routes take an operator's session (as a script sends it: Bearer).
    operator.token,
    viewer.token,
  ];
});
afterAll(async () => {
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.info(`route fuzz: ${tried} requests tried; statuses ${seen.join(" ")}`);
  await app?.close();
});

const ID_SAMPLES = [
  () => crypto.randomUUID(),
  () => "not-a-uuid",
  () => "%00",
  () => "a%00b",
  () => "..%2F..%2Fetc%2Fpasswd",
  () => "constructor",
  () => "__proto__",
  () => "x".repeat(300),
  () => "%F0%9F%92%B3",
  () => "%E2%80%AE%D8%B7%D9%84%D8%A8",
  () => "%25ZZ",
];

/** Bodies no schema accepts, and the shapes our routes expect with every field made wrong. */
const HOSTILE_BODIES: (string | Uint8Array)[] = [
  "",
  "{",
  "null",
  "[]",
  '"just a string"',
  "1e999",
  "{}",
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `{"authCode":"${"a".repeat(100_000)}"}`,
  `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
  `${'{"a":'.repeat(2_000)}1${"}".repeat(2_000)}`,
  '{"authCode":"a\\u0000b"}',
  '{"a\\u0000b":1}',
  '{"authCode":"\\ud800"}',
  '{"flow":"CASHIER","items":[{"sku":"COFFEE\\u0000","quantity":1}]}',
  '{"flow":"CASHIER","items":[{"sku":"COFFEE","quantity":1e308}]}',
  '{"flow":"CASHIER","items":[{"sku":"COFFEE","quantity":-1}]}',
  '{"flow":"CASHIER","items":"all"}',
  '{"flow":["CASHIER"],"items":[{}]}',
  '{"contractDescription":123,"language":{"x":1}}',
  '{"authCode":null,"agreementId":"not-a-uuid"}',
  '{"paymentId":"x","paymentRequestId":"y","paymentAmount":{"currency":"IQD","value":"-1"}}',
  new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
  "\u0000\u0000\u0000",
  "💳".repeat(1_000),
];

/** Bodies of the shape each route expects, so a hostile value lands deep inside a valid request. */
const TEMPLATES: Record<string, Record<string, unknown>[]> = {
  "/api/mini/session": [{ authCode: "abc", authSuccessScopes: ["USER_ID"] }],
  "/api/mini/orders": [
    { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }], note: "ring twice" },
    {
      flow: "ESCROW",
      items: [
        { sku: "MUG", quantity: 2 },
        { sku: "TEA", quantity: 1 },
      ],
    },
  ],
  "/api/mini/agreements": [{ contractDescription: "Weekly coffee", language: "en-US" }],
  "/api/mini/agreements/bind": [{ authCode: "abc", agreementId: "0190c4b0-0000-7000-8000-000000000000" }],
  "/api/wallet/notify/[kind]": [
    {
      paymentId: "p",
      paymentRequestId: "pay_1",
      paymentAmount: { currency: "IQD", value: "1000" },
      paymentStatus: "SUCCESS",
      paymentResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "ok" },
    },
  ],
};
const ANY_TEMPLATE = Object.values(TEMPLATES).flat();

/** Every place in `value` a hostile value can go: each key and array element, at every depth. */
function placesIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = [...path, Array.isArray(value) ? Number(key) : key];
    return [here, ...placesIn(child, here)];
  });
}

const HOSTILE_VALUES = fc.oneof(
  fc.constantFrom(
    "a\u0000b",
    "\u0000",
    "x".repeat(5_000),
    "\ud800",
    "💳🇮🇶",
    "\u202eطلب",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    null,
    true,
    -1,
    0,
    1e308,
    [],
    {},
    [[[[[]]]]],
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One of the route's templates with one value, somewhere inside it, replaced by a hostile one. */
function mutatedTemplate(templates: Record<string, unknown>[]) {
  return fc
    .record({ template: fc.constantFrom(...templates), place: fc.nat(), value: HOSTILE_VALUES })
    .map(({ template, place, value }) => {
      const copy = structuredClone(template);
      const places = placesIn(copy);
      const path = places[place % places.length] as (string | number)[];
      let node = copy as Record<string | number, unknown>;
      for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
      node[path.at(-1) as string | number] = value;
      // JSON.stringify writes a NUL or a lone surrogate as a \u escape: valid JSON, hostile text.
      return JSON.stringify(copy);
    });
}

function bodyFor(pattern: string) {
  const templates = TEMPLATES[pattern] ?? ANY_TEMPLATE;
  return fc.oneof(
    { weight: 5, arbitrary: mutatedTemplate(templates) },
    { weight: 1, arbitrary: fc.constantFrom(...templates.map((template) => JSON.stringify(template))) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_BODIES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  );
}

const TOKENS = 9;
/** The admin operator's token in `tokens`: the console's routes get it as often as the mini's get a session. */
const OPERATOR_TOKEN = 7;

/** Mostly the methods the route serves, with a live session and a good key: hostile input gets in deep. */
function requestFor(pattern: string, served: string[]) {
  return fc.record({
    method: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...served) },
      { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) },
    ),
    idSample: fc.nat({ max: ID_SAMPLES.length - 1 }),
    token: fc.oneof(
      { weight: 3, arbitrary: fc.constant(pattern.startsWith("/api/admin/") ? OPERATOR_TOKEN : 0) },
      { weight: 2, arbitrary: fc.option(fc.nat({ max: TOKENS - 1 }), { nil: undefined }) },
    ),
    body: fc.option(bodyFor(pattern), { nil: undefined, freq: 8 }),
    contentType: fc.constantFrom(
      undefined,
      "application/json",
      "text/plain",
      "multipart/form-data; boundary=x",
    ),
    idempotencyKey: fc.oneof(
      { weight: 3, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.option(fc.string({ maxLength: 140 }), { nil: undefined }) },
    ),
    query: fc.option(fc.dictionary(fc.constantFrom("limit", "before", "x"), fc.string({ maxLength: 40 })), {
      nil: undefined,
    }),
  });
}

function pathFor(pattern: string, idSample: number): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment.startsWith("[...")) return `${(ID_SAMPLES[idSample] as () => string)()}/more`;
      if (segment.startsWith("[")) {
        // The notify kinds are a fixed set: try the real ones as well as hostile ones.
        return segment === "[kind]" && idSample % 2 === 0
          ? ["payment", "void", "refund"][idSample % 3]
          : (ID_SAMPLES[idSample] as () => string)();
      }
      return segment;
    })
    .join("/");
}

type FuzzRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

function headersFor(input: FuzzRequest) {
  const headers = new Headers();
  if (input.token !== undefined) headers.set("Authorization", `Bearer ${tokens[input.token]}`);
  if (input.contentType) headers.set("Content-Type", input.contentType);
  if (input.idempotencyKey !== undefined) {
    // Header values cannot carry every character; what a client cannot send, it does not send.
    try {
      headers.set("Idempotency-Key", input.idempotencyKey);
    } catch {
      headers.set("Idempotency-Key", "invalid");
    }
  }
  return headers;
}

/** The methods a route answers with something other than 405 (probed with an empty request). */
async function servedMethods(pattern: string): Promise<string[]> {
  const served: string[] = [];
  for (const method of HTTP_METHODS) {
    const response = await app.call(method, pathFor(pattern, 0));
    if (response.status !== 405) served.push(method);
  }
  return served.length > 0 ? served : [...HTTP_METHODS];
}

// What a leaked error looks like: a stack frame, a source file with its line or under our folders, a
// path on the machine, Prisma's or Node's own words. Not a bare ".ts": a strict schema names an
// unknown key it was sent, and the fuzzer's keys include ".Ts" now and then.
const LEAK =
  /\bat .+:\d+:\d+|\.tsx?:\d+|\b(?:lib|app|workers|sandbox)\/[\w/.-]+\.tsx?\b|node_modules|\/work\/|prisma|invocation|ECONN/i;

describe("every route, every method, hostile input", () => {
  // One test per route file, each with its own time: on a busy machine the slow routes do not
  // spend a budget shared by all of them.
  it.each(listApiRoutes().map((route) => route.pattern))(
    "%s: a 4xx JSON error (or a 2xx), never a 5xx, a stack trace or an empty 405",
    { timeout: 120_000 },
    async (pattern) => {
      const triedBefore = tried;
      const served = await servedMethods(pattern);
      await fc.assert(
        fc.asyncProperty(requestFor(pattern, served), (input) => checkAnswer(pattern, input)),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect(tried - triedBefore).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
    },
  );
});

/** One hostile request to a route of `pattern`, and what its answer must (not) be. */
async function checkAnswer(pattern: string, input: FuzzRequest): Promise<void> {
  tried++;
  const query = input.query ? `?${new URLSearchParams(input.query)}` : "";
  const path = `${pathFor(pattern, input.idSample)}${query}`;
  const sendsBody = input.method !== "GET" && input.body !== undefined;
  const response = await app.call(input.method, path, {
    headers: headersFor(input),
    ...(sendsBody ? { body: input.body as BodyInit } : {}),
  });
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const where = `${input.method} ${path} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, where).toBeLessThan(500);
  // The API's description is fixed prose and examples (times, "paid at the cashier"), the
  // same for every request: the stack-trace heuristic would only misread it.
  if (pattern !== "/api/openapi.json") expect(text, where).not.toMatch(LEAK);
  expect(text.length, `${where}: an answer has a body`).toBeGreaterThan(0);
  // The one answer that is not JSON: the console's CSV export, when it succeeds.
  if (response.ok && response.headers.get("content-type")?.startsWith("text/csv")) return;
  // The metrics page is Prometheus text; its refusals are JSON like every other route's.
  if (pattern === "/api/metrics" && response.status < 300) {
    expect(response.headers.get("content-type"), where).toMatch(/^text\/plain/);
    return;
  }
  const json = JSON.parse(text) as { error?: { code?: unknown }; result?: { resultCode?: unknown } };
  if (response.status >= 400) {
    const walletShape = pattern.startsWith("/api/wallet/") && json.result !== undefined;
    if (walletShape) {
      expect(typeof json.result?.resultCode, where).toBe("string");
      expect((json.result as { resultStatus?: string }).resultStatus, where).toBe("F");
    } else {
      expect(typeof json.error?.code, where).toBe("string");
    }
  }
}
