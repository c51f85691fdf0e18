// The store's records as GraphQL nodes: global ids and the fields the app's queries ask for.
import type { FakeArticle, FakeCollection, FakePage, FakePolicy, FakeProduct, FakeVariant } from './types.ts'

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`

export function productNode(product: FakeProduct) {
  const prices = product.variants.map((variant) => Number(variant.price))
  const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: product.currencyCode })
  const { id, currencyCode: _currencyCode, variants: _variants, imageUrl, options, ...fields } = product
  return {
    id: gid('Product', id),
    ...fields,
    priceRangeV2: { minVariantPrice: money(Math.min(...prices)), maxVariantPrice: money(Math.max(...prices)) },
    featuredMedia: imageUrl ? { preview: { image: { url: imageUrl } } } : null,
    // Shopify answers one "Title" option with the value "Default Title" for a product without options.
    options: (options ?? [{ name: 'Title', values: ['Default Title'] }]).map((option) => ({
      name: option.name,
      optionValues: option.values.map((name) => ({ name })),
    })),
  }
}

export const variantNode = (variant: FakeVariant) => ({
  id: gid('ProductVariant', variant.id),
  title: variant.title,
  price: variant.price,
  sku: variant.sku,
  compareAtPrice: variant.compareAtPrice ?? null,
  availableForSale: variant.available ?? true,
  selectedOptions: Object.entries(variant.options ?? { Title: 'Default Title' }).map(([name, value]) => ({
    name,
    value,
  })),
})
export const collectionNode = (collection: FakeCollection) => ({ ...collection, id: gid('Collection', collection.id) })
export const pageNode = (page: FakePage) => ({ ...page, id: gid('Page', page.id) })
export const articleNode = (article: FakeArticle) => ({
  ...article,
  id: gid('Article', article.id),
  author: { name: article.author },
})
export const policyNode = (policy: FakePolicy) => ({ ...policy, id: gid('ShopPolicy', policy.id) })
