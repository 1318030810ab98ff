# syntax=docker/dockerfile:1
# Storefront: build with every dependency, run with production dependencies only, as a non-root user.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
# Memory (docs/decisions/0018-memory-of-a-rendering-server.md): jemalloc returning freed pages at once, and a
# heap sized for what the server keeps (runtime.env, shared with `npm start`), keep RSS under 200 MB after a
# thousand distinct renders, where glibc's malloc and V8's defaults held on to 450 MB. The benchmarks and the
# memory tests read these settings from here and from runtime.env (tests/support/image-runtime.ts).
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 \
    && rm -rf /var/lib/apt/lists/* \
    && ln -s "$(ls /usr/lib/*-linux-gnu/libjemalloc.so.2)" /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    PORT=3000 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=dirty_decay_ms:0,muzzy_decay_ms:0,narenas:2
# The asset store's mount point (ASSET_STORE; docs/decisions/0021-assets-across-versions.md), the app user's: a
# new named volume mounted on it takes its owner.
RUN mkdir -p /var/lib/storefront/assets && chown node:node /var/lib/storefront/assets
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# package.json: "type": "module" for the compiled server; runtime.env: its heap settings.
COPY --chown=node:node package.json runtime.env ./
# The health probe (deploy/healthcheck): bash, where a Node process started for each probe took 85 MB inside
# the container's memory limit.
COPY --chmod=0755 deploy/healthcheck /usr/local/bin/healthcheck
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 CMD ["healthcheck", "/healthz"]
# node directly, not npm: SIGTERM reaches the server, which closes cleanly. The server compiled to JavaScript
# at build time (tsconfig.server.json): Node's TypeScript stripper would hold 17 MB for the process's life.
CMD ["node", "--env-file=runtime.env", "build/node/server.js"]
