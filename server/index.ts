// The process entry: configuration, start, and a graceful stop on SIGTERM or SIGINT.
import { ConfigError, loadConfig } from './config/load-config.ts'
import { createLogger } from './logging/create-logger.ts'
import { startServer } from './start-server.ts'

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

process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'))

try {
  const running = await startServer(config, logger, { isDevelopment })
  const shutDown = (signal: string) => {
    logger.info({ signal }, 'shutting down')
    // Exit explicitly: Prisma's WASM schema engine leaves a harmless timer behind that would delay it.
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutDown('SIGTERM'))
  process.once('SIGINT', () => shutDown('SIGINT'))
} catch (error) {
  logger.fatal({ err: error }, `could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
