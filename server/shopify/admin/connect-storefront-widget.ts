// Puts an agent on the shop's storefront: a widget integration for the storefront's domain (the one the
// public widget API accepts), remembered on the shop, and its key and this server's address written to
// the app-data metafields the theme app extension reads. Choosing another agent switches the old
// integration off, so one widget answers per store.
import type { Actor } from '../../accounts/actor.ts'
import type { PlanEnforcement } from '../../billing/plan-enforcement.ts'
import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { createIntegration } from '../../widgets/create-integration.ts'
import { CreateIntegrationSchema, normaliseDomain } from '../../widgets/widgets.schemas.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { setWidgetMetafields } from '../proxy/set-widget-metafields.ts'

export interface ConnectStorefrontWidgetOptions {
  database: Database
  storage: FileStorage
  plans: PlanEnforcement
  actor: Actor
  shop: ShopifyShop
  agentId: string
  client: ShopifyAdminClient
  serverUrl: string
}

/**
 * The storefront's domain as an integration names it: its own when the shop has one, else its
 * myshopify.com address (served over https). A storefront on another scheme or port keeps them.
 */
export function storefrontDomainOf(shop: Pick<ShopifyShop, 'storefrontUrl' | 'shopDomain'>): string {
  try {
    return (shop.storefrontUrl && normaliseDomain(new URL(shop.storefrontUrl).origin)) || shop.shopDomain
  } catch {
    return shop.shopDomain
  }
}

export async function connectStorefrontWidget({
  database,
  storage,
  plans,
  actor,
  shop,
  agentId,
  client,
  serverUrl,
}: ConnectStorefrontWidgetOptions) {
  const current = shop.widgetIntegrationId
    ? await database.prisma.widgetIntegration.findUnique({ where: { id: shop.widgetIntegrationId } })
    : null
  let clientKey = current?.agentId === agentId && current.isActive ? current.clientKey : null
  if (!clientKey) {
    const input = CreateIntegrationSchema.parse({
      website_name: shop.shopName ?? shop.shopDomain,
      website_domain: storefrontDomainOf(shop),
      allow_subdomains: false,
    })
    const created = await createIntegration(
      { database, storage, plans },
      { actor, agentId, input, replacing: current?.isActive ? current.id : undefined },
    )
    clientKey = created.client_key
    await database.prisma.$transaction([
      ...(current
        ? [database.prisma.widgetIntegration.update({ where: { id: current.id }, data: { isActive: false } })]
        : []),
      database.prisma.shopifyShop.update({
        where: { id: shop.id },
        data: { agentId, widgetIntegrationId: created.integration_id },
      }),
    ])
  }
  await setWidgetMetafields({ client, clientKey, serverUrl })
  return { clientKey }
}
