// The Shopify app library, set up once per server when SHOPIFY_API_KEY and SHOPIFY_API_SECRET are set.
// Touch it to change scopes, the API version, or what happens at installation.
import type { SessionStorage } from '@shopify/shopify-app-session-storage'
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from '@shopify/shopify-app-react-router/server'
import type { ShopifyBillingPlans } from '../../billing/shopify/shopify-billing-plans.ts'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { linkShopAccount } from './link-shop-account.ts'
import { readShopProfile } from './read-shop-profile.ts'

/**
 * The library's auth routes (app/routes/auth.tsx answers /shopify/auth/*). Written without the /shopify
 * basename: the library matches request paths by their end, and its redirects (to /auth/session-token)
 * are relative, which React Router completes with the basename; '/shopify/auth' would become
 * /shopify/shopify/auth.
 */
const SHOPIFY_AUTH_PATH_PREFIX = '/auth'

export interface ShopifyCredentials {
  apiKey: string
  apiSecret: string
  appUrl: string
}

/** The key, secret and app URL when the Shopify app is on; null when it is off. PUBLIC_URL is required then. */
export function shopifyCredentialsOf(
  config: Pick<Config, 'SHOPIFY_API_KEY' | 'SHOPIFY_API_SECRET' | 'PUBLIC_URL'>,
): ShopifyCredentials | null {
  if (!config.SHOPIFY_API_KEY || !config.SHOPIFY_API_SECRET) return null
  if (!config.PUBLIC_URL)
    throw new Error('PUBLIC_URL must be set when SHOPIFY_API_KEY is: Shopify calls the app at that address')
  return { apiKey: config.SHOPIFY_API_KEY, apiSecret: config.SHOPIFY_API_SECRET, appUrl: config.PUBLIC_URL }
}

// The library reports through a function of its own; its lines join ours, never carrying tokens.
function logThrough(logger: Logger) {
  const shopifyLogger = logger.child({ component: 'shopify' })
  return (severity: LogSeverity, message: string) => {
    if (severity === LogSeverity.Error) shopifyLogger.error(message)
    else if (severity === LogSeverity.Warning) shopifyLogger.warn(message)
    else if (severity === LogSeverity.Info) shopifyLogger.info(message)
    else shopifyLogger.debug(message)
  }
}

export interface ShopifyAppOptions {
  credentials: ShopifyCredentials
  scopes: string
  database: Database
  sessionStorage: SessionStorage
  logger: Logger
  /** The plans merchants may subscribe to through Shopify Billing (declareShopifyBillingPlans keeps them current). */
  billing: ShopifyBillingPlans
}

/**
 * Embedded, App Store distribution, token exchange with expiring offline tokens (required of new public
 * apps since April 2026). Note: library 3.0.0 prints a stray console.log line on every token exchange.
 */
export function createShopifyApp({
  credentials,
  scopes,
  database,
  sessionStorage,
  logger,
  billing,
}: ShopifyAppOptions) {
  return shopifyApp({
    apiKey: credentials.apiKey,
    apiSecretKey: credentials.apiSecret,
    appUrl: credentials.appUrl,
    scopes: scopes.split(','),
    apiVersion: ApiVersion.October26,
    authPathPrefix: SHOPIFY_AUTH_PATH_PREFIX,
    sessionStorage,
    billing,
    distribution: AppDistribution.AppStore,
    future: { expiringOfflineAccessTokens: true },
    logger: { level: LogSeverity.Info, log: logThrough(logger) },
    hooks: {
      afterAuth: async ({ session, admin }) => {
        const profile = await readShopProfile(admin)
        await linkShopAccount(database, { shopDomain: session.shop, scopes: session.scope ?? '', profile })
      },
    },
  })
}

export type ShopifyAppServer = ReturnType<typeof createShopifyApp>
