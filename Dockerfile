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
# Memory (docs/decisions/0018-memory-of-a-rendering-server.md): jemalloc, returning freed pages at once, and
# a small young generation keep a replica's RSS near 200 MB after rendering a thousand distinct pages, where
# glibc's malloc and V8's default 64 MB semi-spaces held on to 450 MB. bench/load.ts runs the same settings.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 \
    && rm -rf /var/lib/apt/lists/* \
    && ln -s "$(ls /usr/lib/*-linux-gnu/libjemalloc.so.2)" /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    PORT=3000 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=dirty_decay_ms:0,muzzy_decay_ms:0,narenas:2 \
    NODE_OPTIONS=--max-semi-space-size=2
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json server.ts ./
COPY --chown=node:node server ./server
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly, not npm: SIGTERM reaches the server, which closes cleanly.
CMD ["node", "server.ts"]
