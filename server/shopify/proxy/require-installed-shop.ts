import type { Database } from '../../db/database.ts'
import { widgetUnavailable } from '../../widgets/public/widget-errors.ts'

/**
 * The shop behind a storefront request, while the app is installed there. An unknown or uninstalled
 * shop gets the widget's own refusal: a storefront visitor learns nothing about our records.
 */
export async function requireInstalledShop(database: Database, shopDomain: string) {
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  if (!shop || shop.uninstalledAt) throw widgetUnavailable()
  return shop
}
