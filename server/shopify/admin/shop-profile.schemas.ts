// What Shopify's Admin GraphQL answers about the shop at installation. Imports only zod.
import { z } from 'zod'

export const SHOP_PROFILE_QUERY = `#graphql
  query ShopProfile {
    shop { name email primaryDomain { url } }
  }`

export const ShopProfileResponseSchema = z.object({
  data: z.object({
    shop: z.object({
      name: z.string(),
      email: z.string().nullish(),
      primaryDomain: z.object({ url: z.string() }).nullish(),
    }),
  }),
})

export interface ShopProfile {
  name: string
  email: string | null
  storefrontUrl: string | null
}
