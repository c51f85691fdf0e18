// A store product as its card shows it: what the catalogue import and the product webhooks keep in
// store_products, read fresh whenever an answer's cards are drawn.
import type { StorefrontShop } from '../knowledge/store-resource.ts'
import { productResource, type StoreProduct } from '../knowledge/product-resource.ts'

export interface CardOption {
  name: string
  values: string[]
}

export interface CardVariant {
  /** The numeric variant id the storefront's cart takes. */
  id: string
  title: string
  price: string
  compare_at_price: string | null
  available: boolean
  /** This variant's value of each option, in the options' order. */
  options: string[]
}

const numericId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1)

/** Shopify's CDN serves a smaller copy of an image when asked for a width. */
function smallImage(url: string | null | undefined, width = 240): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:') return null
    if (parsed.hostname === 'cdn.shopify.com' || parsed.pathname.startsWith('/cdn/shop/'))
      parsed.searchParams.set('width', String(width))
    return parsed.href
  } catch {
    return null
  }
}

/** The options a shopper chooses between: none for a product with one "Default Title" variant. */
function optionsOf(product: StoreProduct): CardOption[] {
  const named = product.options
    .map((option) => ({ name: option.name, values: (option.optionValues ?? []).map((value) => value.name) }))
    .filter((option) => option.values.length > 0)
  const onlyDefault = product.variants.length <= 1 && named.every((option) => option.values.length <= 1)
  return onlyDefault ? [] : named
}

/** The row of store_products for a sellable product. */
export function storeProductRow(product: StoreProduct, shop: StorefrontShop) {
  const options = optionsOf(product)
  const variants: CardVariant[] = product.variants.map((variant) => ({
    id: numericId(variant.id),
    title: variant.title,
    price: variant.price ?? product.priceRangeV2?.minVariantPrice.amount ?? '0',
    compare_at_price: variant.compareAtPrice,
    available: variant.availableForSale,
    options: options.map(
      (option) => variant.selectedOptions.find((selected) => selected.name === option.name)?.value ?? '',
    ),
  }))
  return {
    productGid: product.id,
    handle: product.handle,
    title: product.title.slice(0, 500),
    url: productResource(product, shop).sourceUrl,
    imageUrl: smallImage(product.featuredMedia?.preview?.image?.url),
    currencyCode: product.priceRangeV2?.minVariantPrice.currencyCode ?? 'USD',
    options: options as unknown as object[],
    variants: variants as unknown as object[],
  }
}
