import type { Database } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'
import { queueDailySweep } from './sweep-expired-rows-job.ts'

const LOOK_EVERY_MS = 3_600_000

export interface ScheduleDailySweepOptions {
  queue: { wake(): void }
  logger: Logger
  /** How often to look whether today's sweep is queued (an hour). */
  everyMs?: number
  /** The first look, this long after the start (a minute: the start is busy enough). */
  firstLookMs?: number
}

/**
 * Where jobs run (a server's worker, npm run worker): queues the day's sweep of expired rows a minute after
 * the start and then every hour; of any number of processes, the first to look each day queues it, the rest find it queued.
 */
export function scheduleDailySweep(
  database: Database,
  { queue, logger, everyMs = LOOK_EVERY_MS, firstLookMs = 60_000 }: ScheduleDailySweepOptions,
) {
  const look = async () => {
    try {
      if (await queueDailySweep(database.prisma)) queue.wake()
    } catch (error) {
      logger.warn({ err: error }, "could not queue the day's sweep of expired rows")
    }
  }
  const first = setTimeout(() => void look(), firstLookMs)
  const timer = setInterval(() => void look(), everyMs)
  first.unref()
  timer.unref()
  return {
    stop: () => {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
