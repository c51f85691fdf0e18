// What Shopify adds to an app proxy request, once its signature is checked. Imports only zod.
import { z } from 'zod'

const ShopDomainSchema = z
  .string({ error: 'shop is required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, { error: 'shop must be a myshopify.com domain' })

export const AppProxyQuerySchema = z.object({
  shop: ShopDomainSchema,
  // Empty when nobody is signed in to the storefront; Shopify's numeric customer id otherwise.
  logged_in_customer_id: z
    .string()
    .regex(/^\d{0,20}$/, { error: 'logged_in_customer_id must be a customer number' })
    .optional()
    .transform((value) => value || null),
})
