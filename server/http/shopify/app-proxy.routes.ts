import { Router, type Request } from 'express'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { requestOrigin } from '../../widgets/public/request-origin.ts'
import type { WidgetSettings } from '../../widgets/public/widget-settings.ts'
import { AppProxyQuerySchema } from '../../shopify/proxy/app-proxy.schemas.ts'
import { bootstrapStorefrontChat } from '../../shopify/proxy/bootstrap-storefront-chat.ts'
import { verifyAppProxySignature } from '../../shopify/proxy/verify-app-proxy-signature.ts'
import { sendsSecret } from '../sends-secret.ts'

export interface ShopifyProxyOptions {
  database: Database
  /** SHOPIFY_API_SECRET: Shopify signs proxied requests with it. */
  secret: string
  settings: WidgetSettings
  /** Counts a new widget session against the caller (e.g. rateLimits.limitWidgetStart); refuses with 429. */
  limitStart?: (ip: string | undefined) => Promise<void>
  /** The clock the signature's timestamp is checked against. */
  now?: () => number
}

/** The raw query, with repeated keys kept: Express's parsed req.query would hide them. */
const rawQueryOf = (req: Request) => new URL(req.originalUrl, 'http://proxy.invalid').searchParams

/**
 * The app proxy's storefront calls, mounted at /shopify/proxy (shopify.app.toml [app_proxy] url);
 * shoppers reach them as https://<store>/apps/agentdesk/… through Shopify, which signs each request.
 */
export function shopifyProxyRoutes({
  database,
  secret,
  settings,
  limitStart,
  now = Date.now,
}: ShopifyProxyOptions): Router {
  const router = Router()
  // A session token per visitor: no proxy or browser cache may hand it to someone else.
  router.get('/bootstrap', sendsSecret, async (req, res) => {
    const query = rawQueryOf(req)
    const check = verifyAppProxySignature(query, secret, now())
    if (!check.valid)
      throw new AppError('BAD_REQUEST', 'This request did not come signed from the store.', { reason: check.reason })
    // A second customer id would be signed too (joined with a comma); only Shopify's single one is trusted.
    if (query.getAll('logged_in_customer_id').length > 1)
      throw new AppError('BAD_REQUEST', 'logged_in_customer_id must appear once.')
    const { shop, logged_in_customer_id } = AppProxyQuerySchema.parse({
      shop: query.get('shop') ?? undefined,
      logged_in_customer_id: query.get('logged_in_customer_id') ?? undefined,
    })
    await limitStart?.(req.ip)
    const origin = requestOrigin({ origin: req.get('origin'), referer: req.get('referer') })
    res.json(
      await bootstrapStorefrontChat({
        database,
        settings,
        shopDomain: shop,
        loggedInCustomerId: logged_in_customer_id,
        origin,
      }),
    )
  })
  return router
}
