import { createHash } from 'node:crypto'

export type StoreResourceKind = 'product' | 'collection' | 'page' | 'article' | 'policy'

/** One store object written as a knowledge text: what retrieval reads and the page answers link to. */
export interface StoreResource {
  gid: string
  kind: StoreResourceKind
  title: string
  content: string
  sourceUrl: string
}

/** The shop fields the store's links are built from. */
export interface StorefrontShop {
  shopDomain: string
  storefrontUrl: string | null
}

/** What an import compares to know whether a resource changed since it was last written. */
export function hashStoreResource(resource: StoreResource) {
  return createHash('sha256')
    .update(JSON.stringify([resource.kind, resource.title, resource.content, resource.sourceUrl]))
    .digest('hex')
}

/** The storefront's address without a trailing slash: the primary domain, else the myshopify domain (which redirects there). */
export function storefrontBaseOf(shop: StorefrontShop) {
  return (shop.storefrontUrl ?? `https://${shop.shopDomain}`).replace(/\/+$/, '')
}

/** A link from the store's data, kept only when it is a web address (answers render it as a link). */
export function webUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
