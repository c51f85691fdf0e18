// The store's records as GraphQL nodes: global ids and the fields the app's queries ask for.
import type { FakeArticle, FakeCollection, FakePage, FakePolicy, FakeProduct, FakeVariant } from './types.ts'

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`

export function productNode(product: FakeProduct) {
  const prices = product.variants.map((variant) => Number(variant.price))
  const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: product.currencyCode })
  const { id, currencyCode: _currencyCode, variants: _variants, ...fields } = product
  return {
    id: gid('Product', id),
    ...fields,
    priceRangeV2: { minVariantPrice: money(Math.min(...prices)), maxVariantPrice: money(Math.max(...prices)) },
  }
}

export const variantNode = (variant: FakeVariant) => ({
  id: gid('ProductVariant', variant.id),
  title: variant.title,
  price: variant.price,
  sku: variant.sku,
})
export const collectionNode = (collection: FakeCollection) => ({ ...collection, id: gid('Collection', collection.id) })
export const pageNode = (page: FakePage) => ({ ...page, id: gid('Page', page.id) })
export const articleNode = (article: FakeArticle) => ({
  ...article,
  id: gid('Article', article.id),
  author: { name: article.author },
})
export const policyNode = (policy: FakePolicy) => ({ ...policy, id: gid('ShopPolicy', policy.id) })
