// The actor behind a Shopify admin session token: the account that owns the shop's agents, as long as
// the app is installed there and the account is active. Every staff member of the shop acts as it.
import { shopifyAdminSessionOf, type Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { verifyAdminSessionToken, type AdminSessionTokenKeys } from './verify-admin-session-token.ts'

export async function resolveShopAdminActor(
  database: Database,
  keys: AdminSessionTokenKeys,
  token: string,
): Promise<Actor> {
  const shopDomain = await verifyAdminSessionToken(keys, token)
  const shop = await database.prisma.shopifyShop.findUnique({
    where: { shopDomain },
    select: { uninstalledAt: true, account: { select: { id: true, email: true, fullName: true, isActive: true } } },
  })
  // The app links the shop when the admin first opens it; until then (or after uninstalling) there is no account to act as.
  if (!shop || shop.uninstalledAt || !shop.account.isActive) {
    throw new AppError('UNAUTHORIZED', 'Open the app from your Shopify admin to sign in.', {
      reason: 'shop_not_installed',
    })
  }
  return {
    userId: shop.account.id,
    email: shop.account.email,
    fullName: shop.account.fullName,
    sessionId: shopifyAdminSessionOf(shopDomain),
  }
}
