// What Shopify's Admin GraphQL answers about the shop at installation. Imports only zod.
import { z } from 'zod'

export const SHOP_PROFILE_QUERY = `#graphql
  query ShopProfile {
    shop { name email ianaTimezone primaryDomain { url } }
  }`

export const ShopProfileResponseSchema = z.object({
  data: z.object({
    shop: z.object({
      name: z.string(),
      email: z.string().nullish(),
      ianaTimezone: z.string().nullish(),
      primaryDomain: z.object({ url: z.string() }).nullish(),
    }),
  }),
})

export interface ShopProfile {
  name: string
  email: string | null
  storefrontUrl: string | null
  /** Africa/Cairo: a zone this server knows, else null (the sales figures then count UTC days). */
  ianaTimezone?: string | null
}

/** Whether a time zone name is one this server (and so its database's `at time zone`) knows. */
function isKnownTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** A shop's IANA time zone as Shopify names it (shop.ianaTimezone). */
const IanaTimeZoneSchema = z.string().max(64).refine(isKnownTimeZone)

/** The zone to keep for a shop: Shopify's, when it is one this server knows; else null. */
export const knownTimeZoneOf = (value: unknown) => {
  const parsed = IanaTimeZoneSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
