// The process entry: configuration, start, and a graceful stop on SIGTERM or SIGINT.
import { ConfigError, loadConfig } from './config/load-config.ts'
import { createLogger } from './logging/create-logger.ts'
import { startServer, type RunningServer } from './http/start-server.ts'

function loadConfigOrExit() {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const config = loadConfigOrExit()
const isDevelopment = process.argv.includes('--dev') || config.NODE_ENV === 'development'
const logger = createLogger(config)
let running: RunningServer | undefined

// Exit explicitly once stopped: Prisma's WASM schema engine leaves a harmless timer behind that would delay it.
function shutDown(reason: string, exitCode: number) {
  logger.info({ reason }, 'shutting down')
  const stopped = running ? running.stop() : Promise.resolve()
  stopped.then(
    () => process.exit(exitCode),
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed')
      process.exit(1)
    },
  )
}

// A rejection nobody handled leaves the process in an unknown state: stop cleanly and let the supervisor restart it.
process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled promise rejection')
  shutDown('unhandledRejection', 1)
})
process.once('SIGTERM', () => shutDown('SIGTERM', 0))
process.once('SIGINT', () => shutDown('SIGINT', 0))

try {
  running = await startServer(config, logger, { isDevelopment })
} catch (error) {
  logger.fatal({ err: error }, `could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
