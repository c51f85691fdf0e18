import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import { storefrontDomainOf } from './connect-storefront-widget.ts'

/** Whether the shop's storefront widget is connected and active, and the domain it answers on (the store's until one is made). */
export async function readStorefrontWidget(
  database: Database,
  shop: Pick<ShopifyShop, 'widgetIntegrationId' | 'storefrontUrl' | 'shopDomain'>,
) {
  const integration = shop.widgetIntegrationId
    ? await database.prisma.widgetIntegration.findUnique({
        where: { id: shop.widgetIntegrationId },
        select: { isActive: true, websiteDomain: true },
      })
    : null
  return { connected: Boolean(integration?.isActive), domain: integration?.websiteDomain ?? storefrontDomainOf(shop) }
}
