import { z } from 'zod'
import { htmlFragmentToText } from '../../knowledge/indexing/structured-text.ts'
import { storefrontBaseOf, webUrlOrNull, type StorefrontShop, type StoreResource } from './store-resource.ts'

const MoneySchema = z.object({ amount: z.union([z.string(), z.number()]).transform(String), currencyCode: z.string() })

/** The product fields both the bulk export and the single-product query ask for. */
export const StoreProductFieldsSchema = z.object({
  id: z.string().startsWith('gid://shopify/Product/'),
  title: z.string(),
  handle: z.string(),
  descriptionHtml: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  onlineStoreUrl: z.string().nullish().transform(webUrlOrNull),
  productType: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  vendor: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  tags: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  status: z
    .string()
    .nullish()
    .transform((value) => value ?? 'ACTIVE'),
  priceRangeV2: z.object({ minVariantPrice: MoneySchema, maxVariantPrice: MoneySchema }).nullish(),
  // For the product cards (issue 22): the main image on Shopify's CDN and the options a shopper picks from.
  featuredMedia: z
    .object({ preview: z.object({ image: z.object({ url: z.string() }).nullish() }).nullish() })
    .nullish(),
  options: z
    .array(z.object({ name: z.string(), optionValues: z.array(z.object({ name: z.string() })).nullish() }))
    .nullish()
    .transform((value) => value ?? []),
})

export const StoreVariantSchema = z.object({
  id: z.string(),
  title: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  price: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? null : String(value))),
  sku: z
    .string()
    .nullish()
    .transform((value) => value || null),
  compareAtPrice: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? null : String(value))),
  // Shopify's own answer to "can this be bought now" (stock, or selling when out of stock).
  availableForSale: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  selectedOptions: z
    .array(z.object({ name: z.string(), value: z.string() }))
    .nullish()
    .transform((value) => value ?? []),
})

export type StoreProductFields = z.infer<typeof StoreProductFieldsSchema>
export type StoreVariant = z.infer<typeof StoreVariantSchema>
export interface StoreProduct extends StoreProductFields {
  variants: StoreVariant[]
}

/** Only products a shopper can buy belong in an agent's answers (no drafts, no archived ones). */
export function isSellable(product: StoreProductFields) {
  return product.status.toUpperCase() === 'ACTIVE'
}

function priceLine(product: StoreProduct): string | null {
  const range = product.priceRangeV2
  if (!range) return null
  const { minVariantPrice: min, maxVariantPrice: max } = range
  return min.amount === max.amount
    ? `Price: ${min.amount} ${min.currencyCode}`
    : `Price: from ${min.amount} to ${max.amount} ${max.currencyCode}`
}

function variantsLine(product: StoreProduct): string | null {
  // A product without options has one variant called "Default Title": nothing to tell.
  const named = product.variants.filter((variant) => variant.title && variant.title !== 'Default Title')
  if (named.length === 0) return null
  const currency = product.priceRangeV2?.minVariantPrice.currencyCode
  const describe = (variant: StoreVariant) =>
    [variant.title, variant.sku ? `(SKU ${variant.sku})` : null].filter(Boolean).join(' ') +
    (variant.price ? `: ${variant.price}${currency ? ` ${currency}` : ''}` : '')
  return `Variants: ${named.map(describe).join('; ')}`
}

/** A product as a knowledge text: name, price range, variants, kind and brand, tags, then the description. */
export function productResource(product: StoreProduct, shop: StorefrontShop): StoreResource {
  const facts = [
    product.title,
    priceLine(product),
    variantsLine(product),
    product.productType ? `Product type: ${product.productType}` : null,
    product.vendor ? `Brand: ${product.vendor}` : null,
    product.tags.length > 0 ? `Tags: ${product.tags.join(', ')}` : null,
  ].filter((line): line is string => Boolean(line))
  const description = htmlFragmentToText(product.descriptionHtml)
  return {
    gid: product.id,
    kind: 'product',
    title: product.title,
    content: [facts.join('\n'), description].filter(Boolean).join('\n\n'),
    sourceUrl: product.onlineStoreUrl ?? `${storefrontBaseOf(shop)}/products/${encodeURIComponent(product.handle)}`,
  }
}
