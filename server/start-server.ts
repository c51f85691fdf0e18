import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import type { Config } from './config/config.schemas.ts'
import { createDatabase } from './db/create-database.ts'
import type { Database } from './db/database.ts'
import { detectVectorSearch } from './db/detect-vector-search.ts'
import { applyMigrations } from './db/migrations/apply-migrations.ts'
import { serveDashboardInDevelopment } from './http/dashboard/serve-dashboard-in-development.ts'
import type { Logger } from './logging/create-logger.ts'

export interface RunningServer {
  server: Server
  port: number
  database: Database
  /** Stops accepting connections, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), closes the database. */
  stop(): Promise<void>
}

function listen(server: Server, port: number, host: string) {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

export async function startServer(config: Config, logger: Logger, { isDevelopment = false } = {}): Promise<RunningServer> {
  const database = await createDatabase(config)
  logger.info({ database: database.kind }, database.kind === 'embedded' ? `embedded PostgreSQL (PGlite) in ${config.DATA_DIR}` : 'PostgreSQL at DATABASE_URL')
  const applied = await applyMigrations(database)
  logger.info({ applied }, applied.length > 0 ? `applied ${applied.length} migration(s)` : 'database schema is up to date')
  const vectorSearch = await detectVectorSearch(database)
  logger.info({ vectorSearch }, vectorSearch === 'pgvector' ? 'vector search: pgvector' : 'vector search: in-process (pgvector not available)')

  const devDashboard = isDevelopment ? await serveDashboardInDevelopment() : undefined
  const app = await createApp({ config, database, logger, dashboard: devDashboard?.handler })
  const server = createServer(app)
  const port = await listen(server, config.PORT, config.HOST)
  logger.info({ port, host: config.HOST }, `listening on http://localhost:${port}`)

  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const forceTimer = setTimeout(() => {
        logger.warn('shutdown timeout reached: closing the remaining connections')
        server.closeAllConnections()
      }, config.SHUTDOWN_TIMEOUT_MS)
      await closed
      clearTimeout(forceTimer)
      await devDashboard?.close()
      await database.close()
      logger.info('stopped: connections drained, database closed')
    })())
  return { server, port, database, stop }
}
