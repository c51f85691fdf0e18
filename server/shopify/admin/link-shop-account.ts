import { SHOP_PLACEHOLDER_EMAIL_DOMAIN } from '../../accounts/receives-email.ts'
import { randomBytes } from 'node:crypto'
import { startTrial } from '../../billing/start-trial.ts'
import type { Database } from '../../db/database.ts'
import { Prisma, type ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { ShopProfile } from './shop-profile.schemas.ts'

export interface ShopInstallation {
  /** example.myshopify.com, as Shopify's verified session token names it. */
  shopDomain: string
  /** The scopes the offline session was granted. */
  scopes: string
  profile: ShopProfile
}

// The same limit the accounts schemas put on a name.
const MAX_NAME_LENGTH = 150
const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'

/** An address no mailbox answers (.invalid is reserved), so nobody can sign in with it until the merchant sets a real one. */
export function placeholderEmailOf(shopDomain: string) {
  return `${shopDomain}@${SHOP_PLACEHOLDER_EMAIL_DOMAIN}`
}

// Always the placeholder, never the shop's own e-mail: anyone can type any address into their shop
// settings, and an account holding someone's unproven address would be handed to them by Google
// sign-in's linking. The merchant adds a real e-mail sign-in (addEmailSignIn) when they want one.
async function chooseEmail(transaction: Prisma.TransactionClient, shopDomain: string) {
  const email = placeholderEmailOf(shopDomain)
  if (!(await transaction.user.findUnique({ where: { email }, select: { id: true } }))) return email
  // The placeholder is taken by an account left from an earlier installation (its shop row purged): start afresh.
  return `${shopDomain}+${randomBytes(4).toString('hex')}@shopify.invalid`
}

function createShopAccount(database: Database, { shopDomain, scopes, profile }: ShopInstallation) {
  return database.prisma.$transaction(async (transaction) => {
    const email = await chooseEmail(transaction, shopDomain)
    // No password and no verified e-mail: the merchant signs in through Shopify until they add an e-mail sign-in.
    const user = await transaction.user.create({
      data: { email, fullName: profile.name.trim().slice(0, MAX_NAME_LENGTH) || shopDomain, passwordHash: null },
    })
    await startTrial(transaction, user.id)
    return transaction.shopifyShop.create({
      data: {
        shopDomain,
        accountId: user.id,
        scopes,
        shopName: profile.name,
        storefrontUrl: profile.storefrontUrl,
        ianaTimezone: profile.ianaTimezone ?? null,
      },
    })
  })
}

function reinstall(database: Database, shop: ShopifyShop, { scopes, profile }: ShopInstallation) {
  return database.prisma.shopifyShop.update({
    where: { id: shop.id },
    data: {
      uninstalledAt: null,
      scopes,
      shopName: profile.name,
      storefrontUrl: profile.storefrontUrl ?? shop.storefrontUrl,
      ianaTimezone: profile.ianaTimezone ?? shop.ianaTimezone,
    },
  })
}

/**
 * After Shopify's token exchange: the account that owns the shop's agents. A first installation creates
 * a new account (never one found by e-mail); a reinstallation keeps the shop's account and clears its
 * uninstalledAt.
 */
export async function linkShopAccount(database: Database, installation: ShopInstallation): Promise<ShopifyShop> {
  for (let attempt = 1; ; attempt += 1) {
    const existing = await database.prisma.shopifyShop.findUnique({ where: { shopDomain: installation.shopDomain } })
    if (existing) return reinstall(database, existing, installation)
    try {
      return await createShopAccount(database, installation)
    } catch (error) {
      // Two first requests at once (the other created the shop), or the e-mail taken meanwhile: look again.
      if (!isUniqueViolation(error) || attempt === 2) throw error
    }
  }
}
