import { shopifyAdminSessionOf, type Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import type { ShopifyShop, User } from '../../db/generated/prisma/client.ts'
import { linkShopAccount } from './link-shop-account.ts'
import { readShopProfile, type AdminGraphql } from './read-shop-profile.ts'

export interface ShopAccount {
  shop: ShopifyShop
  user: User
  /** The merchant as domain functions take them. Its sessionId names no dashboard sign-in session. */
  actor: Actor
}

/**
 * The account behind an authenticated admin request. afterAuth links it at token exchange; should that
 * have failed (the next request then finds a session and skips afterAuth), or should the shop be
 * marked uninstalled, it is linked here instead.
 */
export async function requireShopAccount(
  database: Database,
  { shopDomain, scopes, admin }: { shopDomain: string; scopes: string; admin: AdminGraphql },
): Promise<ShopAccount> {
  let shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  if (!shop || shop.uninstalledAt)
    shop = await linkShopAccount(database, { shopDomain, scopes, profile: await readShopProfile(admin) })
  const user = await database.prisma.user.findUniqueOrThrow({ where: { id: shop.accountId } })
  return {
    shop,
    user,
    actor: {
      userId: user.id,
      email: user.email,
      fullName: user.fullName,
      sessionId: shopifyAdminSessionOf(shopDomain),
    },
  }
}
