# syntax=docker/dockerfile:1
# Returns Desk production image (issue 29): docs/operations.md says how to run and size it.
#   docker build -t returns-desk .
#   docker run -e DATABASE_URL=… -e APP_SECRET=… returns-desk [--services=web|worker]
# Build and run on the same Debian base, so the native modules (sharp, @node-rs/argon2) that npm
# picks for the build stage's platform are the ones the final stage loads.
ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only. --ignore-scripts: the runtime is the base image's Node, so the
# `node` package's download of a second Node is skipped (sharp and argon2 ship prebuilt binaries
# as optional packages and need no install script).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/.bin/node \
 && npm cache clean --force

# Everything, to compile the server and build the SPA (dist/server, dist/web with .br/.gz files).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.server.json vite.config.ts ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
# Fails the build when the server imports a package that is only a devDependency.
RUN node -e "Promise.all(['./dist/server/app.js','./dist/server/tasks/background.js','./dist/server/db/client.js'].map((m) => import(m))).then(() => console.log('runtime imports resolve'))"
# The code belongs to root and is read-only for the server; only DATA_DIR is writable.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (/api/ready also asks the database and belongs to the load balancer's check).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/server/main.js"]
CMD ["--services=web,worker"]
