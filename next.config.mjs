// Headers sent on every response, static files included. The ones that depend on the request or the
// deployment (HSTS, the admin pages' nonce-based policy) are added by proxy.ts.
const SECURITY_HEADERS = [
  // Browsers must not guess a content type (a JSON error rendered as HTML, an upload run as script).
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Full URLs (order ids in admin paths) never leave our origin. Not `no-referrer`: it also blanks
  // the Origin header of same-origin form posts, which Next.js checks on Server Actions.
  { key: "Referrer-Policy", value: "same-origin" },
  // No page of ours is ever framed (clickjacking); X-Frame-Options for browsers without CSP 3.
  { key: "X-Frame-Options", value: "DENY" },
];
// Everything but the admin pages, which get a full policy with a nonce from proxy.ts instead.
const BASE_CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A self-contained server (`.next/standalone/server.js`), the app of the production release.
  output: "standalone",
  // Pin tracing to this folder: a lockfile in a parent folder would otherwise nest the output.
  outputFileTracingRoot: import.meta.dirname,
  turbopack: { root: import.meta.dirname },
  // Route handlers, workers and the sandbox are server code; keep the Prisma driver adapter and
  // pino out of the bundler so Node resolves them natively. undici (the wallet transport),
  // prom-client and OpenTelemetry too: one copy per process, shared by every route and the
  // instrumentation hook (so one keep-alive pool to the wallet, one metrics registry; and the SDK,
  // loaded only when tracing is on, stays out of the bundles).
  serverExternalPackages: [
    "pino",
    "pg",
    "@prisma/adapter-pg",
    "bullmq",
    "ioredis",
    "undici",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
  ],
  experimental: {
    // Next loads every route's code when the server starts, by default, so the first request to each
    // is fast: 90 MB more heap at idle here (app RSS 320 MB instead of 221 MB, BENCHMARKS.md,
    // "Memory"). Off, a route's code loads on its first request (a few ms, once); the customers' and
    // the wallet's routes are warm within seconds of traffic, and the console's pages load only in
    // the processes where an operator opens them.
    preloadEntriesOnStart: false,
  },
  poweredByHeader: false,
  typedRoutes: false,
  // `npm run dev` prints http://127.0.0.1:<port>. The dev server only trusts localhost (and the
  // hostname it was started with) for its dev endpoints such as hot reload; other hostnames,
  // matched without scheme or port, must be listed. Development only: `next start` ignores it.
  allowedDevOrigins: ["127.0.0.1"],
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      {
        source: "/:path((?!admin(?:/|$)).*)",
        headers: [{ key: "Content-Security-Policy", value: BASE_CONTENT_SECURITY_POLICY }],
      },
    ];
  },
};

export default nextConfig;
