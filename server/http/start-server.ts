import { createServer, type Server, type ServerResponse } from 'node:http'
import { createHttpApp } from './create-http-app.ts'
import { describeListeningAddress } from './describe-listening-address.ts'
import { listenOnSockets, type Listening } from './listen-on-sockets.ts'
import type { Config } from '../config/config.schemas.ts'
import { createDatabase } from '../db/create-database.ts'
import type { Database } from '../db/database.ts'
import { applyMigrations } from '../db/migrations/apply-migrations.ts'
import { serveDashboardInDevelopment } from './dashboard/serve-dashboard-in-development.ts'
import type { Logger } from '../logging/create-logger.ts'

export interface RunningServer {
  server: Server
  port: number
  database: Database
  /** Stops accepting connections, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), closes the database. */
  stop(): Promise<void>
}

// While stopping, every response (those in flight included) closes its connection, and a connection that
// goes idle is closed at once, so keep-alive clients move to another instance instead of being cut off.
function drainOnStop(server: Server) {
  let isStopping = false
  const unanswered = new Set<ServerResponse>()
  server.on('request', (_req, res: ServerResponse) => {
    if (isStopping) res.setHeader('Connection', 'close')
    else unanswered.add(res)
    res.on('finish', () => {
      unanswered.delete(res)
      if (isStopping) setImmediate(() => server.closeIdleConnections())
    })
  })
  return () => {
    isStopping = true
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')
    server.closeIdleConnections()
  }
}

async function prepareDatabase(config: Config, logger: Logger) {
  const database = await createDatabase(config)
  try {
    logger.info(
      { database: database.kind },
      database.kind === 'embedded'
        ? `embedded PostgreSQL (PGlite) in ${config.DATA_DIR}`
        : 'PostgreSQL at DATABASE_URL',
    )
    const applied = await applyMigrations(database)
    logger.info(
      { applied },
      applied.length > 0 ? `applied ${applied.length} migration(s)` : 'database schema is up to date',
    )
    return database
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  }
}

export async function startServer(
  config: Config,
  logger: Logger,
  { isDevelopment = false } = {},
): Promise<RunningServer> {
  const database = await prepareDatabase(config, logger)
  const devDashboard = isDevelopment
    ? await serveDashboardInDevelopment().catch(async (error: unknown) => {
        await database.close()
        throw error
      })
    : undefined
  const releaseResources = async () => {
    await devDashboard?.close()
    await database.close()
  }

  let server: Server
  let listening: Listening
  let closeApp = async () => {}
  let beginStop = () => {}
  try {
    const app = await createHttpApp({ config, database, logger, isDevelopment, dashboard: devDashboard?.handler })
    closeApp = () => app.close()
    beginStop = () => app.beginStop()
    // Idle keep-alive connections live longer than a load balancer's (60 s), which must close them first.
    server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, app)
    listening = await listenOnSockets({
      server,
      port: config.PORT,
      host: config.HOST,
      sockets: config.ACCEPT_SOCKETS,
      logger,
    })
  } catch (error) {
    await closeApp().catch(() => {})
    await releaseResources().catch(() => {})
    throw error
  }
  const { port, address } = listening
  logger.info({ port, host: config.HOST, address }, describeListeningAddress(address, port))
  const beginDraining = drainOnStop(server)

  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      const closed = listening.close()
      beginDraining()
      // Live streams would hold the close until the timeout: they end now, their clients reconnecting elsewhere.
      beginStop()
      const forceTimer = setTimeout(() => {
        logger.warn('shutdown timeout reached: closing the remaining connections')
        server.closeAllConnections()
      }, config.SHUTDOWN_TIMEOUT_MS)
      await closed
      clearTimeout(forceTimer)
      await closeApp()
      await releaseResources()
      logger.info('stopped: connections drained, database closed')
    })())
  return { server, port, database, stop }
}
