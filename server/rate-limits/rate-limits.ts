import type { Logger } from '../logging/create-logger.ts'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Config } from '../config/config.schemas.ts'
import type { Database } from '../db/database.ts'
import { clientKey } from './client-key.ts'
import { createLimiterStore } from './limiter-store.ts'
import { createSignInThrottle, type BeginSignInOptions, type SignInAttempt } from './sign-in-throttle.ts'
import { tooMany } from './too-many.ts'

type AuthAction =
  | 'register'
  | 'refresh'
  | 'google-login'
  | 'confirm-password'
  | 'team-invite'
  | 'team-invite-recipient'
  | 'password-reset'
  | 'password-reset-confirm'
  | 'verify-email'
  | 'verify-email-resend'
  | 'team-invitation'
  | 'sign-in-link'
  | 'sign-in-link-confirm'

/**
 * Limits on the sign-in family of calls: password sign-ins by their own throttle, other calls per IP
 * and action, and attempts per account (an e-mail, a Google identity, a session, a signed-in user
 * confirming their password).
 */
export interface RateLimits {
  /** Counts a password sign-in before the password is checked; the caller reports how it went. */
  beginSignIn(options: BeginSignInOptions): Promise<SignInAttempt>
  /** The account proved itself from this address without its password: the throttle's ceilings spare it. */
  rememberSignInAddress(options: BeginSignInOptions): Promise<void>
  limitIp(action: AuthAction, ip: string | undefined): Promise<void>
  /**
   * Counts one attempt against an account before the attempt runs (atomic in the store, so concurrent
   * guesses cannot slip past a check), refusing with 429 once the limit is reached.
   */
  limitAccount(action: AuthAction, account: string): Promise<void>
  /** Chat messages per user per minute: each one may cost an LLM call. */
  limitChat(userId: string): Promise<void>
  /** Calls per account API key per minute. */
  limitApiKey(keyId: string): Promise<void>
  /** Widget sessions started per IP per hour. */
  limitWidgetStart(ip: string | undefined): Promise<void>
  /** Widget messages per visitor session and per integration, per minute. */
  limitWidgetMessage(sessionId: string, integrationId: string): Promise<void>
  /** Live streams opened per visitor session or signed-in user per minute (each holds a connection open). */
  limitLiveStreams(who: string): Promise<void>
  /** Custom webhook events sent per account per minute (each is a delivery to every endpoint hearing it). */
  limitCustomEvents(accountId: string): Promise<void>
  /** Add-to-cart reports per storefront visitor session per minute (each is a row of the shop's sales figures). */
  limitCartEvents(sessionId: string): Promise<void>
  close(): Promise<void>
}

const LIVE_STREAMS_PER_MINUTE = 30
const CUSTOM_EVENTS_PER_MINUTE = 120
const CART_EVENTS_PER_MINUTE = 30

async function consume(limiter: RateLimiterAbstract, key: string, what = 'attempts') {
  try {
    await limiter.consume(key)
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext, what)
    throw rejection
  }
}

/** Every limit on one store (decision 016): memory, or the database or Redis that all processes share. */
export async function createRateLimits(config: Config, database: Database, logger?: Logger): Promise<RateLimits> {
  const store = await createLimiterStore(config, database, logger)
  const perIp = store.limiter('auth_ip', config.AUTH_RATE_LIMIT_PER_IP, config.AUTH_RATE_LIMIT_WINDOW_SECONDS)
  const perAccount = store.limiter(
    'auth_account',
    config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  )
  const chat = store.limiter('chat_user', config.CHAT_RATE_LIMIT_PER_MINUTE, 60)
  const apiKeys = store.limiter('api_key', config.API_KEY_REQUESTS_PER_MINUTE, 60)
  const widgetStarts = store.limiter('widget_ip', config.WIDGET_SESSIONS_PER_IP_PER_HOUR, 3_600)
  const widgetVisitor = store.limiter('widget_visitor', config.WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE, 60)
  const widgetIntegration = store.limiter('widget_integration', config.WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE, 60)
  // A stream reopens every few minutes, and at once after a dropped connection: plenty, never a flood.
  const liveStreams = store.limiter('live_stream', LIVE_STREAMS_PER_MINUTE, 60)
  const customEvents = store.limiter('custom_event', CUSTOM_EVENTS_PER_MINUTE, 60)
  const cartEvents = store.limiter('cart_event', CART_EVENTS_PER_MINUTE, 60)
  const signIn = createSignInThrottle(store, {
    freeFailures: config.AUTH_SIGN_IN_FREE_FAILURES,
    maxWaitSeconds: config.AUTH_SIGN_IN_MAX_WAIT_SECONDS,
    failuresPerAddress: config.AUTH_RATE_LIMIT_PER_IP,
    addressWindowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    failuresPerAccountPerHour: config.AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR,
  })
  return {
    beginSignIn: (options) => signIn.begin(options),
    rememberSignInAddress: (options) => signIn.rememberAddress(options),
    limitIp: (action, ip) => consume(perIp, `${action}:${clientKey(ip)}`),
    limitAccount: (action, account) => consume(perAccount, `${action}:${account}`),
    limitChat: (userId) => consume(chat, userId, 'messages'),
    limitApiKey: (keyId) => consume(apiKeys, keyId, 'calls with this API key'),
    limitWidgetStart: (ip) => consume(widgetStarts, clientKey(ip), 'chat sessions'),
    limitWidgetMessage: async (sessionId, integrationId) => {
      await consume(widgetVisitor, sessionId, 'messages')
      await consume(widgetIntegration, integrationId, 'messages on this website')
    },
    limitLiveStreams: (who) => consume(liveStreams, who, 'live connections'),
    limitCustomEvents: (accountId) => consume(customEvents, accountId, 'custom events'),
    limitCartEvents: (sessionId) => consume(cartEvents, sessionId, 'cart updates'),
    close: store.close,
  }
}
