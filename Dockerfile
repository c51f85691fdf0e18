# One image for both roles of docs/deployment.md: a server process (`npm start`, the default) and a job
# worker (`npm run worker`). Node 24 runs the TypeScript sources directly.
FROM node:24-bookworm-slim

WORKDIR /app

# Dependencies first, so a change of source alone reuses this layer. postinstall generates the Prisma
# client from prisma/, offline. The dev dependencies stay: the build needs them.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund

COPY . .
# The dashboard, the widget and the embedded Shopify app, into dist/.
RUN npm run build

# Local files (STORAGE_DRIVER=local) would go here; with several processes use an S3 bucket instead.
ENV DATA_DIR=/app/data PORT=3000
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000

# The server's health check: 200 while its database answers. A worker serves no HTTP: compose.yaml turns it off there.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/dashboard/api/health/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# What `npm start` runs, without npm and a shell in between: SIGTERM reaches node itself, whose graceful
# stop (docs/deployment.md) then runs. The worker's command is `node scripts/run-worker.ts` (`npm run worker`).
CMD ["node", "server/index.ts"]
