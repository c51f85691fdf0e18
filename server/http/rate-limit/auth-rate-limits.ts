import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'

export type AuthAction = 'login' | 'register' | 'refresh' | 'google-login' | 'confirm-password' | 'team-invite'

/**
 * Limits on the sign-in family of calls: requests per IP and action, and attempts per account (an
 * e-mail, a Google identity, a session, a signed-in user confirming their password).
 */
export interface AuthRateLimits {
  limitIp(action: AuthAction, ip: string | undefined): Promise<void>
  /**
   * Counts one attempt against an account before the attempt runs (atomic in the store, so concurrent
   * guesses cannot slip past a check), refusing with 429 once the limit is reached.
   */
  limitAccount(action: AuthAction, account: string): Promise<void>
  /** A successful sign-in clears the account's failed attempts. */
  forgiveAccount(action: AuthAction, account: string): Promise<void>
  /** Chat messages per user per minute: each one may cost an LLM call. */
  limitChat(userId: string): Promise<void>
  /** Widget sessions started per IP per hour. */
  limitWidgetStart(ip: string | undefined): Promise<void>
  /** Widget messages per visitor session and per integration, per minute. */
  limitWidgetMessage(sessionId: string, integrationId: string): Promise<void>
  close(): Promise<void>
}

/** IPv6 users get a /64 each, so the key is the /64, not the address they can rotate within it. */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown'
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mappedV4) return mappedV4[1] ?? ip
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`
}

function tooMany(result: RateLimiterRes, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000))
  return new AppError('RATE_LIMITED', `Too many ${what}. Please try again in ${seconds} seconds.`, { retry_after: seconds })
}

async function consume(limiter: RateLimiterAbstract, key: string, what = 'attempts') {
  try {
    await limiter.consume(key)
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(rejection, what)
    throw rejection
  }
}

interface LimiterOptions {
  keyPrefix: string
  points: number
  duration: number
  insuranceLimiter?: RateLimiterMemory
}

const REDIS_STARTUP_WAIT_MS = 3_000

// Waits for the first connection (so the first requests after start count in Redis), then commands
// fail fast while Redis is away: the in-memory insurance limiter answers until it is back.
async function connectRedis(url: string) {
  const redis = new Redis(url, { enableOfflineQueue: false, commandTimeout: 1_000, connectTimeout: 2_000, maxRetriesPerRequest: 1 })
  redis.on('error', () => {})
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_STARTUP_WAIT_MS)
    redis.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return redis
}

async function createStore(config: Config, database: Database) {
  if (config.RATE_LIMIT_STORE === 'redis') {
    const redis = await connectRedis(config.REDIS_URL ?? '')
    return { make: (options: LimiterOptions) => new RateLimiterRedis({ ...options, storeClient: redis }), close: async () => void redis.disconnect() }
  }
  if (config.RATE_LIMIT_STORE === 'database') {
    return { make: (options: LimiterOptions) => new RateLimiterPrisma({ ...options, storeClient: database.prisma, tableName: 'rateLimit' }), close: async () => {} }
  }
  return { make: (options: LimiterOptions) => new RateLimiterMemory(options), close: async () => {} }
}

/**
 * Memory by default (one process); the database or Redis when configured, so every process of a
 * deployment counts against the same limits. A shared store that fails falls back to memory rather
 * than locking everyone out.
 */
export async function createAuthRateLimits(config: Config, database: Database): Promise<AuthRateLimits> {
  const store = await createStore(config, database)
  const limiter = (keyPrefix: string, points: number, duration = config.AUTH_RATE_LIMIT_WINDOW_SECONDS) => {
    const options: LimiterOptions = { keyPrefix, points, duration }
    if (config.RATE_LIMIT_STORE === 'memory') return store.make(options)
    return store.make({ ...options, insuranceLimiter: new RateLimiterMemory(options) })
  }
  const perIp = limiter(`${config.RATE_LIMIT_NAMESPACE}:auth_ip`, config.AUTH_RATE_LIMIT_PER_IP)
  const perAccount = limiter(`${config.RATE_LIMIT_NAMESPACE}:auth_account`, config.AUTH_RATE_LIMIT_PER_ACCOUNT)
  const chat = limiter(`${config.RATE_LIMIT_NAMESPACE}:chat_user`, config.CHAT_RATE_LIMIT_PER_MINUTE, 60)
  const widgetStarts = limiter(`${config.RATE_LIMIT_NAMESPACE}:widget_ip`, config.WIDGET_SESSIONS_PER_IP_PER_HOUR, 3_600)
  const widgetVisitor = limiter(`${config.RATE_LIMIT_NAMESPACE}:widget_visitor`, config.WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE, 60)
  const widgetIntegration = limiter(`${config.RATE_LIMIT_NAMESPACE}:widget_integration`, config.WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE, 60)
  return {
    limitIp: (action, ip) => consume(perIp, `${action}:${clientKey(ip)}`),
    limitAccount: (action, account) => consume(perAccount, `${action}:${account}`),
    forgiveAccount: async (action, account) => void (await perAccount.delete(`${action}:${account}`)),
    limitChat: (userId) => consume(chat, userId, 'messages'),
    limitWidgetStart: (ip) => consume(widgetStarts, clientKey(ip), 'chat sessions'),
    limitWidgetMessage: async (sessionId, integrationId) => {
      await consume(widgetVisitor, sessionId, 'messages')
      await consume(widgetIntegration, integrationId, 'messages on this website')
    },
    close: store.close,
  }
}
