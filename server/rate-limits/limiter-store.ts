// Where rate-limit counts live (decision 016). Touch it to add a store, not to add a limit.
import type { Logger } from '../logging/create-logger.ts'
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Config } from '../config/config.schemas.ts'
import type { Database } from '../db/database.ts'

interface LimiterOptions {
  keyPrefix: string
  points: number
  duration: number
  insuranceLimiter?: RateLimiterMemory
}

export interface LimiterStore {
  /** A limiter of `points` per `durationSeconds`, its keys under the deployment's namespace and `name`. */
  limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract
  close(): Promise<void>
}

const REDIS_STARTUP_WAIT_MS = 3_000

// Waits for the first connection (so the first requests after start count in Redis), then commands
// fail fast while Redis is away: the in-memory insurance limiter answers until it is back.
async function connectRedis(url: string, logger: Logger | undefined) {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
  })
  // Said once when Redis goes away and once when it is back, never per failed command: while it is away
  // each process counts in its own memory, so N processes let N times each limit through.
  let away = false
  redis.on('error', (error: Error) => {
    if (away) return
    away = true
    logger?.error(
      { err: error },
      'Redis for rate limits is unreachable: each process counts its limits in its own memory until it is back',
    )
  })
  redis.on('ready', () => {
    if (away) logger?.info('Redis for rate limits is back: limits are shared again')
    away = false
  })
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_STARTUP_WAIT_MS)
    redis.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return redis
}

async function connectStore(config: Config, database: Database, logger: Logger | undefined) {
  if (config.RATE_LIMIT_STORE === 'redis') {
    const redis = await connectRedis(config.REDIS_URL ?? '', logger)
    return {
      make: (options: LimiterOptions) => new RateLimiterRedis({ ...options, storeClient: redis }),
      close: async () => void redis.disconnect(),
    }
  }
  if (config.RATE_LIMIT_STORE === 'database') {
    return {
      make: (options: LimiterOptions) =>
        new RateLimiterPrisma({ ...options, storeClient: database.prisma, tableName: 'rateLimit' }),
      close: async () => {},
    }
  }
  return { make: (options: LimiterOptions) => new RateLimiterMemory(options), close: async () => {} }
}

/**
 * Memory by default (one process); the database or Redis when configured, so every process of a
 * deployment counts against the same limits. A shared store that fails falls back to memory rather
 * than locking everyone out.
 */
export async function createLimiterStore(config: Config, database: Database, logger?: Logger): Promise<LimiterStore> {
  const store = await connectStore(config, database, logger)
  return {
    limiter: (name, points, duration) => {
      const options: LimiterOptions = { keyPrefix: `${config.RATE_LIMIT_NAMESPACE}:${name}`, points, duration }
      if (config.RATE_LIMIT_STORE === 'memory') return store.make(options)
      return store.make({ ...options, insuranceLimiter: new RateLimiterMemory(options) })
    },
    close: store.close,
  }
}
