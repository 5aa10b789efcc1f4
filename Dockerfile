# syntax=docker/dockerfile:1
# One image for every production process, holding exactly the release that
# test/production/artifacts.test.ts installs and runs (`npm run build` → release/):
#   app       node server.js                        (the default command)
#   workers   node dist/workers.mjs [queue …]        (or WORKERS=queue,queue)
#   migrate   node dist/db-migrate.mjs               (once per deploy, before the new app starts)
# compose.production.yml runs them all. Not built on the development machine (it has no Docker
# daemon); the commands inside are the tested ones.

# Node 24 LTS: CI runs the test suite and the production release test on it (.ci/run); Node 20 left
# support in April 2026. package.json's engines (>=20.19) only say what development still runs on.
ARG NODE_IMAGE=node:24.21-bookworm-slim
ARG NPM_VERSION=11.19.1

FROM ${NODE_IMAGE} AS base
ARG NPM_VERSION
# npm 11 skips dependencies' install scripts (the Prisma engines' download among them), as in CI.
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
ENV NEXT_TELEMETRY_DISABLED=1 PRISMA_HIDE_UPDATE_MESSAGE=1

# Build stage: all dependencies, `npm run build` (next build + bundles + release/).
FROM base AS build
WORKDIR /src
# Dependencies first, so this layer is reused while only the code changes. The postinstall hook
# generates the Prisma client from the schema.
COPY package.json package-lock.json ./
COPY scripts/db-generate.mjs scripts/
COPY prisma/schema.prisma prisma/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: the release and its production dependencies, run as the unprivileged `node` user.
FROM base AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 \
    # Docker sets HOSTNAME to the container id; the standalone server would listen on that only.
    HOSTNAME=0.0.0.0 \
    # V8 sizes its heap from the machine's memory, not the container's: on a large host (a 4 GiB
    # limit on a 24 GiB one) it lets the old space grow to four times what survived the last full
    # collection before the next one, so the app idled at 170 MB but held 450 MB at 50 orders/s. A 1 GiB bound (what V8
    # picks by itself on a 4 GiB host) makes it collect at about 1.6 times instead, far above any
    # heap the app or the workers use (README, "Sizing"). A small instance replaces the whole
    # variable with its own flags; `npm run soak` reads it from here.
    NODE_OPTIONS=--max-old-space-size=1024
COPY --from=build /src/release ./
# Optional packages stay: the operators' password hashing (@node-rs/argon2) ships its native build as
# an optional, per-platform package. (npm also counts the Prisma CLI and TypeScript, optional peers of
# @prisma/client, as optional: they are installed but never run.) Installed as root: the app cannot
# modify itself.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
# Liveness of the app process only (no database or wallet check: a wallet outage must not restart
# every app container). Workers and the migrate job have no HTTP server: compose disables this there.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
