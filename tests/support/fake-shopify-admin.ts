import type { ServerResponse } from 'node:http'
import { sendJson, startLocalServer } from './local-http-server.ts'

// A shop's Admin GraphQL API on 127.0.0.1, speaking Shopify's wire format for the operations this app
// sends: a bulk export (bulkOperationRunQuery, then node(id) and the JSONL file it names), cursor
// pagination, single products and collections, shop details and policies, and THROTTLED answers.
// Operations are told apart by their names, as the app's queries all carry one.

interface FakeVariant {
  id: number
  title: string
  price: string
  sku: string | null
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
  variants: FakeVariant[]
}

export interface FakeCollection {
  id: number
  title: string
  handle: string
  descriptionHtml: string
}

interface FakePage {
  id: number
  title: string
  handle: string
  body: string
  isPublished: boolean
}

interface FakeArticle {
  id: number
  title: string
  handle: string
  body: string
  isPublished: boolean
  tags: string[]
  author: string
  blog: { handle: string; title: string }
}

interface FakePolicy {
  id: number
  title: string
  body: string
  url: string
  type: string
}

export interface FakeStore {
  name: string
  primaryDomainUrl: string
  products: FakeProduct[]
  collections: FakeCollection[]
  pages: FakePage[]
  articles: FakeArticle[]
  policies: FakePolicy[]
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

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`
const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString('base64url')
const indexOfCursor = (cursor: unknown) =>
  typeof cursor === 'string' ? Number(Buffer.from(cursor, 'base64url').toString().slice('cursor:'.length)) + 1 : 0

function demoStore(): FakeStore {
  return {
    name: 'Alpine Outfitters',
    primaryDomainUrl: 'https://alpine.example',
    products: [
      {
        id: 1001,
        title: 'Summit Tent',
        handle: 'summit-tent',
        descriptionHtml:
          '<p>A <strong>four-season</strong> tent for two.</p><ul><li>Weighs 2.1 kg</li><li>Pitches in 5 minutes</li></ul>',
        onlineStoreUrl: 'https://alpine.example/products/summit-tent',
        productType: 'Tents',
        vendor: 'Alpine Co',
        tags: ['camping', 'four-season'],
        status: 'ACTIVE',
        currencyCode: 'EUR',
        variants: [
          { id: 5001, title: 'Green', price: '349.00', sku: 'TENT-G' },
          { id: 5002, title: 'Orange', price: '369.00', sku: 'TENT-O' },
        ],
      },
      {
        id: 1002,
        title: 'Trail Mug',
        handle: 'trail-mug',
        descriptionHtml: '<p>Enamel mug, 350 ml.</p>',
        onlineStoreUrl: null,
        productType: 'Kitchen',
        vendor: 'Alpine Co',
        tags: [],
        status: 'ACTIVE',
        currencyCode: 'EUR',
        variants: [{ id: 5003, title: 'Default Title', price: '12.50', sku: null }],
      },
      {
        id: 1003,
        title: 'Prototype Stove',
        handle: 'prototype-stove',
        descriptionHtml: '<p>Not for sale yet.</p>',
        onlineStoreUrl: null,
        productType: 'Stoves',
        vendor: 'Alpine Co',
        tags: [],
        status: 'DRAFT',
        currencyCode: 'EUR',
        variants: [{ id: 5004, title: 'Default Title', price: '99.00', sku: 'STOVE' }],
      },
    ],
    collections: [
      { id: 2001, title: 'Camping', handle: 'camping', descriptionHtml: '<p>Everything for a night outside.</p>' },
      { id: 2002, title: 'Kitchen', handle: 'kitchen', descriptionHtml: '<p>Cook on the trail.</p>' },
      { id: 2003, title: 'Sale', handle: 'sale', descriptionHtml: '' },
    ],
    pages: [
      {
        id: 3001,
        title: 'About us',
        handle: 'about-us',
        body: '<p>Family run since 1987 in Chamonix.</p>',
        isPublished: true,
      },
      { id: 3002, title: 'Hidden draft', handle: 'hidden-draft', body: '<p>Not yet.</p>', isPublished: false },
    ],
    articles: [
      {
        id: 4001,
        title: 'Choosing a tent',
        handle: 'choosing-a-tent',
        body: '<p>Count the sleepers, then add one.</p>',
        isPublished: true,
        tags: ['guides'],
        author: 'Lea',
        blog: { handle: 'news', title: 'News' },
      },
    ],
    policies: [
      {
        id: 6001,
        title: 'Refund policy',
        body: '<p>Returns are accepted within 45 days of delivery.</p>',
        url: 'https://alpine.example/policies/refund-policy',
        type: 'REFUND_POLICY',
      },
      {
        id: 6002,
        title: 'Terms of service',
        body: '',
        url: 'https://alpine.example/policies/terms-of-service',
        type: 'TERMS_OF_SERVICE',
      },
    ],
  }
}

function productNode(product: FakeProduct) {
  const prices = product.variants.map((variant) => Number(variant.price))
  const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: product.currencyCode })
  const { id, currencyCode: _currencyCode, variants: _variants, ...fields } = product
  return {
    id: gid('Product', id),
    ...fields,
    priceRangeV2: { minVariantPrice: money(Math.min(...prices)), maxVariantPrice: money(Math.max(...prices)) },
  }
}

const variantNode = (variant: FakeVariant) => ({
  id: gid('ProductVariant', variant.id),
  title: variant.title,
  price: variant.price,
  sku: variant.sku,
})
const collectionNode = (collection: FakeCollection) => ({ ...collection, id: gid('Collection', collection.id) })
const pageNode = (page: FakePage) => ({ ...page, id: gid('Page', page.id) })
const articleNode = (article: FakeArticle) => ({
  ...article,
  id: gid('Article', article.id),
  author: { name: article.author },
})
const policyNode = (policy: FakePolicy) => ({ ...policy, id: gid('ShopPolicy', policy.id) })

/** The JSONL of a products export: every product line first, then the variants, so a reader relying on adjacency fails. */
function exportJsonl(store: FakeStore, query: string) {
  const products = store.products.filter((product) => !query.includes('status:active') || product.status === 'ACTIVE')
  const productLines = products.map((product) => JSON.stringify(productNode(product)))
  const variantLines = products.flatMap((product) =>
    product.variants.map((variant) =>
      JSON.stringify({ ...variantNode(variant), __parentId: gid('Product', product.id) }),
    ),
  )
  return {
    jsonl: [...productLines, ...variantLines].join('\n') + '\n',
    objectCount: productLines.length + variantLines.length,
    rootObjectCount: productLines.length,
  }
}

export async function startFakeShopifyAdmin(
  options: { accessToken?: string; store?: FakeStore; maxPageSize?: number } = {},
) {
  const accessToken = options.accessToken ?? 'shpat_fake_token'
  const state = {
    store: options.store ?? demoStore(),
    maxPageSize: options.maxPageSize ?? 2,
    throttles: [] as ThrottleCost[],
    bulkUserErrors: [] as { field: string[] | null; message: string; code: string }[],
  }
  const requests: { operationName: string; variables: Record<string, unknown>; throttled: boolean; path: string }[] = []
  const bulkOperations = new Map<string, FakeBulkOperation>()
  let nextBulkId = 700
  let baseUrl = ''

  const cost = {
    requestedQueryCost: 12,
    actualQueryCost: 6,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1994, restoreRate: 100 },
  }
  const ok = (res: ServerResponse, data: unknown) => sendJson(res, 200, { data, extensions: { cost } })

  function page<T>(items: T[], variables: Record<string, unknown>) {
    const start = indexOfCursor(variables.cursor)
    const size = Math.min(Number(variables.first ?? 50), state.maxPageSize)
    const slice = items.slice(start, start + size)
    const last = start + slice.length - 1
    return {
      nodes: slice,
      pageInfo: { hasNextPage: start + size < items.length, endCursor: slice.length > 0 ? cursorOf(last) : null },
    }
  }

  function answer(res: ServerResponse, operationName: string, query: string, variables: Record<string, unknown>) {
    const { store } = state
    switch (operationName) {
      case 'ShopDetails':
        return ok(res, { shop: { name: store.name, primaryDomain: { url: store.primaryDomainUrl } } })
      case 'StartCatalogueExport': {
        if (state.bulkUserErrors.length > 0)
          return ok(res, { bulkOperationRunQuery: { bulkOperation: null, userErrors: state.bulkUserErrors } })
        const id = gid('BulkOperation', nextBulkId++)
        bulkOperations.set(id, {
          id,
          query: String(variables.query ?? ''),
          status: 'RUNNING',
          errorCode: null,
          jsonl: null,
          objectCount: 0,
          rootObjectCount: 0,
        })
        return ok(res, { bulkOperationRunQuery: { bulkOperation: { id, status: 'CREATED' }, userErrors: [] } })
      }
      case 'BulkOperationStatus': {
        const operation = bulkOperations.get(String(variables.id))
        if (!operation) return ok(res, { node: null })
        const number = operation.id.split('/').pop()
        return ok(res, {
          node: {
            id: operation.id,
            status: operation.status,
            errorCode: operation.errorCode,
            // UnsignedInt64 travels as a string.
            objectCount: String(operation.objectCount),
            rootObjectCount: String(operation.rootObjectCount),
            url:
              operation.status === 'COMPLETED' && operation.rootObjectCount > 0
                ? `${baseUrl}/bulk-results/${number}.jsonl`
                : null,
            partialDataUrl: null,
          },
        })
      }
      case 'StoreCollections':
        return ok(res, { collections: page(store.collections.map(collectionNode), variables) })
      case 'StorePages':
        return ok(res, { pages: page(store.pages.map(pageNode), variables) })
      case 'StoreArticles':
        return ok(res, { articles: page(store.articles.map(articleNode), variables) })
      case 'StorePolicies':
        return ok(res, { shop: { shopPolicies: store.policies.map(policyNode) } })
      case 'ProductForSync': {
        const product = store.products.find((candidate) => gid('Product', candidate.id) === variables.id)
        return ok(res, {
          product: product ? { ...productNode(product), variants: { nodes: product.variants.map(variantNode) } } : null,
        })
      }
      case 'CollectionForSync': {
        const collection = store.collections.find((candidate) => gid('Collection', candidate.id) === variables.id)
        return ok(res, { collection: collection ? collectionNode(collection) : null })
      }
      default:
        return sendJson(res, 200, {
          errors: [
            { message: `Field '${operationName}' doesn't exist (fake)`, extensions: { code: 'undefinedField' } },
          ],
          query,
        })
    }
  }

  const server = await startLocalServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const result = /^\/bulk-results\/(\d+)\.jsonl$/.exec(url.pathname)
    if (req.method === 'GET' && result) {
      const operation = bulkOperations.get(gid('BulkOperation', Number(result[1])))
      if (!operation?.jsonl) return sendJson(res, 404, { error: 'no such file' })
      res.writeHead(200, { 'Content-Type': 'application/jsonl' })
      return res.end(operation.jsonl)
    }
    if (req.method !== 'POST' || !/^\/admin\/api\/[\w-]+\/graphql\.json$/.test(url.pathname))
      return sendJson(res, 404, { errors: 'Not Found' })
    if (req.headers['x-shopify-access-token'] !== accessToken)
      return sendJson(res, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      })
    const { query = '', variables = {} } = JSON.parse(body.toString() || '{}') as {
      query?: string
      variables?: Record<string, unknown>
    }
    const operationName = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous'
    const throttle = state.throttles.shift()
    requests.push({ operationName, variables, throttled: Boolean(throttle), path: url.pathname })
    if (throttle) {
      return sendJson(res, 200, {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: throttle.requestedQueryCost,
            actualQueryCost: null,
            throttleStatus: {
              maximumAvailable: 2000,
              currentlyAvailable: throttle.currentlyAvailable,
              restoreRate: throttle.restoreRate,
            },
          },
        },
      })
    }
    return answer(res, operationName, query, variables)
  })
  baseUrl = server.url

  return {
    url: server.url,
    accessToken,
    state,
    requests,
    bulkOperations,
    /** The next `count` GraphQL calls answer THROTTLED with these bucket figures. */
    throttleNext(
      count: number,
      figures: ThrottleCost = { requestedQueryCost: 250, currentlyAvailable: 50, restoreRate: 100 },
    ) {
      for (let index = 0; index < count; index++) state.throttles.push(figures)
    },
    /** Ends the latest (or the given) export as Shopify would; a completed one gets its JSONL from the store as it is now. */
    finishBulkOperation(
      id = [...bulkOperations.keys()].at(-1),
      outcome: { status?: 'COMPLETED' | 'FAILED'; errorCode?: string } = {},
    ) {
      const operation = id ? bulkOperations.get(id) : undefined
      if (!operation) throw new Error('no bulk operation to finish')
      operation.status = outcome.status ?? 'COMPLETED'
      operation.errorCode = outcome.errorCode ?? null
      if (operation.status === 'COMPLETED') Object.assign(operation, exportJsonl(state.store, operation.query))
      return operation
    },
    /** The body of the bulk_operations/finish webhook Shopify sends for an export. */
    finishWebhookPayload(id: string) {
      const operation = bulkOperations.get(id)
      return {
        admin_graphql_api_id: id,
        completed_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        error_code: operation?.errorCode?.toLowerCase() ?? null,
        status: operation?.status.toLowerCase(),
        type: 'query',
      }
    },
    operations: (name: string) => requests.filter((request) => request.operationName === name),
    close: () => server.close(),
  }
}

export type FakeShopifyAdmin = Awaited<ReturnType<typeof startFakeShopifyAdmin>>
