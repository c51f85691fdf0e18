import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { deleteExpiredWidgetSessions } from './delete-expired-widget-sessions.ts'

// An ended session is refused whether or not its row is still there: the sweep only keeps the tables
// from growing, so an hour is soon enough.
const SWEEP_EVERY_MS = 3_600_000

/**
 * Deletes ended widget sessions (and the refresh tokens they spent) at start-up, then every hour, until
 * stopped. Every server process runs one; two sweeping at once delete each row once.
 */
export function sweepExpiredWidgetSessions(
  database: Database,
  logger: Logger,
  everyMs = SWEEP_EVERY_MS,
): { stop(): Promise<void> } {
  const sweep = async () => {
    try {
      const count = await deleteExpiredWidgetSessions(database)
      if (count > 0) logger.info({ count }, `deleted ${count} ended widget session(s)`)
    } catch (error) {
      logger.warn({ err: error }, 'could not delete ended widget sessions')
    }
  }
  // A pass still running when the next is due (a slow database) is not doubled.
  let running: Promise<void> | null = null
  const start = () => {
    running ??= sweep().finally(() => {
      running = null
    })
  }
  start()
  const timer = setInterval(start, everyMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
