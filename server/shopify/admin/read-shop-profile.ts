import { z } from 'zod'
import {
  knownTimeZoneOf,
  SHOP_PROFILE_QUERY,
  ShopProfileResponseSchema,
  type ShopProfile,
} from './shop-profile.schemas.ts'

/** The Admin API client as authenticate.admin and afterAuth hand it over (its graphql answers a fetch Response). */
export interface AdminGraphql {
  graphql(query: string, options?: { variables?: Record<string, unknown> }): Promise<Response>
}

const httpsUrl = z.url({ protocol: /^https$/ })

/** The shop's name, contact e-mail, storefront address and time zone, read at installation. */
export async function readShopProfile(admin: AdminGraphql): Promise<ShopProfile> {
  const response = await admin.graphql(SHOP_PROFILE_QUERY)
  const { shop } = ShopProfileResponseSchema.parse(await response.json()).data
  const storefront = httpsUrl.safeParse(shop.primaryDomain?.url)
  return {
    name: shop.name,
    email: shop.email ?? null,
    storefrontUrl: storefront.success ? new URL(storefront.data).origin : null,
    ianaTimezone: knownTimeZoneOf(shop.ianaTimezone),
  }
}
