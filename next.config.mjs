/** @type {import('next').NextConfig} */
const nextConfig = {
  // Route handlers, workers and the sandbox are server code; keep the Prisma driver adapter and
  // pino out of the bundler so Node resolves them natively.
  serverExternalPackages: ["pino", "pg", "@prisma/adapter-pg", "bullmq", "ioredis"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
