// Every admin loader and action starts here: Shopify's session token checked (or the bounce to get
// one), then the account that owns the shop's agents.
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'
import { requireShopAccount } from '#server/shopify/admin/require-shop-account.ts'

export async function authenticateShop(request: Request, context: AppLoadContext) {
  const { session, admin, billing } = await context.shopify.authenticate.admin(request)
  const account = await requireShopAccount(context.database, {
    shopDomain: session.shop,
    scopes: session.scope ?? '',
    admin,
  })
  return { session, admin, billing, ...account }
}

/** The loader of a screen whose data the browser reads through the API: the admin's session checked, nothing read. */
export async function requireShopAdmin({ request, context }: LoaderFunctionArgs): Promise<null> {
  await authenticateShop(request, context)
  return null
}
