// The shop's content as the fake serves it, and the fake's own records of exports and throttling.

export interface FakeVariant {
  id: number
  title: string
  price: string
  sku: string | null
  compareAtPrice?: string | null
  /** Shopify's availableForSale: true unless said otherwise. */
  available?: boolean
  /** This variant's value of each product option, by option name. */
  options?: Record<string, string>
}

export interface FakeProduct {
  id: number
  title: string
  handle: string
  descriptionHtml: string
  onlineStoreUrl: string | null
  productType: string
  vendor: string
  tags: string[]
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED'
  currencyCode: string
  /** Its featured image on Shopify's CDN. */
  imageUrl?: string | null
  /** The options shoppers pick from, in order, with their values. */
  options?: { name: string; values: string[] }[]
  variants: FakeVariant[]
}

export interface FakeCollection {
  id: number
  title: string
  handle: string
  descriptionHtml: string
}

export interface FakePage {
  id: number
  title: string
  handle: string
  body: string
  isPublished: boolean
}

export interface FakeArticle {
  id: number
  title: string
  handle: string
  body: string
  isPublished: boolean
  tags: string[]
  author: string
  blog: { handle: string; title: string }
}

export interface FakePolicy {
  id: number
  title: string
  body: string
  url: string
  type: string
}

/** An order as the Admin API's Order (read_orders): whose it is, what it holds, how far it has gone. */
interface FakeOrder {
  id: number
  name: string
  customerId: number
  createdAt: string
  fulfillmentStatus: 'FULFILLED' | 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'IN_PROGRESS'
  cancelledAt?: string | null
  items: { title: string; quantity: number }[]
  tracking?: { company: string; number: string; url: string }[]
}

export interface FakeStore {
  name: string
  primaryDomainUrl: string
  /** shop.ianaTimezone (Etc/UTC when not given, as Shopify names UTC). */
  ianaTimezone?: string
  products: FakeProduct[]
  collections: FakeCollection[]
  pages: FakePage[]
  articles: FakeArticle[]
  policies: FakePolicy[]
  orders?: FakeOrder[]
}

export interface FakeBulkOperation {
  id: string
  query: string
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'EXPIRED'
  errorCode: string | null
  jsonl: string | null
  objectCount: number
  rootObjectCount: number
}

export interface ThrottleCost {
  requestedQueryCost: number
  currentlyAvailable: number
  restoreRate: number
}
