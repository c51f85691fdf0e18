import type { Database } from '../../db/database.ts'
import { activeIntegrationFor } from '../../widgets/public/active-integration.ts'
import { openWidgetSession } from '../../widgets/public/open-widget-session.ts'
import { widgetUnavailable } from '../../widgets/public/widget-errors.ts'
import type { WidgetSettings } from '../../widgets/public/widget-settings.ts'
import { requireInstalledShop } from './require-installed-shop.ts'

export interface BootstrapStorefrontChatOptions {
  database: Database
  settings: WidgetSettings
  /** From the signed proxy query: Shopify vouches for it. */
  shopDomain: string
  /** From the signed proxy query; null when no customer is signed in to the storefront. */
  loggedInCustomerId: string | null
  /** The storefront page's origin as the browser named it (Origin, else Referer), if it reached us. */
  origin: string | null
}

/** The shop's storefront address, for a request that names no page origin. */
function storefrontOriginOf(shop: { shopDomain: string; storefrontUrl: string | null }): string {
  try {
    if (shop.storefrontUrl) return new URL(shop.storefrontUrl).origin
  } catch {
    // a stored address that is not a URL: the myshopify.com one always serves the storefront
  }
  return `https://${shop.shopDomain}`
}

/**
 * A widget session for a storefront visitor, from a request Shopify signed (the app proxy): the same
 * short-lived token and rotating refresh token as the public start call, bound to the shop's widget
 * integration and the storefront's origin, and carrying the signed-in customer so their conversations
 * can be found (and purged on customers/redact). The widget then talks to the public API directly.
 */
export async function bootstrapStorefrontChat({
  database,
  settings,
  shopDomain,
  loggedInCustomerId,
  origin,
}: BootstrapStorefrontChatOptions) {
  const shop = await requireInstalledShop(database, shopDomain)
  if (!shop.widgetIntegrationId) throw widgetUnavailable()
  const pageOrigin = origin ?? storefrontOriginOf(shop)
  // The public widget API checks every call's origin against the integration's site: a token bound
  // to any other origin would be refused at the first message, so it is refused here.
  const { integration, agent } = await activeIntegrationFor(database, { id: shop.widgetIntegrationId }, pageOrigin)
  if (integration.accountId !== shop.accountId) throw widgetUnavailable()
  return openWidgetSession(database, settings, {
    integration,
    agent,
    origin: pageOrigin,
    shopifyCustomerId: loggedInCustomerId,
    shopId: shop.id,
  })
}
