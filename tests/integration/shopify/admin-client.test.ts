import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime'
import { ApiVersion, LogSeverity, Session, shopifyApp } from '@shopify/shopify-app-react-router/server'
import { testConfig } from '@shopify/shopify-app-react-router/test-helpers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adminClientFromLibrary } from '../../../server/shopify/admin-api/admin-client-from-library.ts'
import { createAdminClient } from '../../../server/shopify/admin-api/create-admin-client.ts'
import { SHOPIFY_ADMIN_API_VERSION, ShopifyAdminError } from '../../../server/shopify/admin-api/shopify-admin-client.ts'
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../support/fake-shopify-admin.ts'

const SHOP = 'alpine-outfitters.myshopify.com'
const SHOP_DETAILS = 'query ShopDetails { shop { name primaryDomain { url } } }'

let admin: FakeShopifyAdmin
beforeAll(async () => {
  admin = await startFakeShopifyAdmin()
})
afterAll(async () => admin.close())
beforeEach(() => {
  admin.requests.length = 0
  admin.state.throttles.length = 0
})

function client(waits: number[], extra: { accessToken?: string; maxThrottleRetries?: number } = {}) {
  return createAdminClient({
    shop: SHOP,
    accessToken: admin.accessToken,
    apiVersion: SHOPIFY_ADMIN_API_VERSION,
    baseUrl: admin.url,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  })
}

describe('the Admin GraphQL client', () => {
  it('posts the query with the access token to the version path and returns its data', async () => {
    const data = await client([]).graphql<{ shop: { name: string } }>(SHOP_DETAILS)
    expect(data.shop.name).toBe('Alpine Outfitters')
    expect(admin.requests).toMatchObject([
      { operationName: 'ShopDetails', path: `/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json` },
    ])
  })

  it('when throttled, waits (requested cost - available) / restore rate seconds and tries again', async () => {
    admin.throttleNext(2, { requestedQueryCost: 500, currentlyAvailable: 100, restoreRate: 50 })
    const waits: number[] = []
    const data = await client(waits).graphql<{ shop: { name: string } }>(SHOP_DETAILS)
    expect(data.shop.name).toBe('Alpine Outfitters')
    expect(admin.requests.map((request) => request.throttled)).toEqual([true, true, false])
    expect(waits).toEqual([8_000, 8_000])
  })

  it('caps the wait, and gives up with THROTTLED after its retries', async () => {
    admin.throttleNext(3, { requestedQueryCost: 1_000, currentlyAvailable: 0, restoreRate: 1 })
    const waits: number[] = []
    const failure = await client(waits, { maxThrottleRetries: 2 })
      .graphql(SHOP_DETAILS)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ShopifyAdminError)
    expect(failure).toMatchObject({ codes: ['THROTTLED'] })
    expect(waits).toEqual([20_000, 20_000]) // 1,000 seconds asked, 20 at most
    expect(admin.requests).toHaveLength(3)
  })

  it('a refused token is an error with its status, and the token never appears in the message', async () => {
    const failure = await client([], { accessToken: 'shpat_wrong' })
      .graphql(SHOP_DETAILS)
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ name: 'ShopifyAdminError', status: 401 })
    expect(String((failure as Error).message)).not.toContain('shpat_')
  })

  it('GraphQL errors are thrown with their codes', async () => {
    const failure = await client([])
      .graphql('query NoSuchThing { nothing }')
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ codes: ['undefinedField'] })
  })

  it('only calls myshopify.com domains', () => {
    expect(() =>
      createAdminClient({ shop: 'evil.example.com', accessToken: 'x', apiVersion: SHOPIFY_ADMIN_API_VERSION }),
    ).toThrow(/Not a shop domain/)
  })
})

describe("the same client over the app library's admin.graphql", () => {
  it('reads the data of its Response, and backs off when the library throws THROTTLED', async () => {
    // The library posts to https://{shop}/admin/api/...; its fetch is sent to the fake instead.
    setAbstractFetchFunc(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      return fetch(`${admin.url}${url.pathname}${url.search}`, init)
    })
    // Without adminApiAccessToken (a test default), the library uses the stored offline session's token.
    const shopify = shopifyApp({
      ...testConfig({ logger: { level: LogSeverity.Error } }),
      adminApiAccessToken: undefined,
      apiVersion: ApiVersion.October26,
    })
    await shopify.sessionStorage!.storeSession(
      new Session({
        id: `offline_${SHOP}`,
        shop: SHOP,
        state: '',
        isOnline: false,
        accessToken: admin.accessToken,
        scope: 'read_products',
      }),
    )
    const { admin: libraryAdmin } = await shopify.unauthenticated.admin(SHOP)
    admin.throttleNext(1, { requestedQueryCost: 300, currentlyAvailable: 200, restoreRate: 100 })
    const waits: number[] = []
    const data = await adminClientFromLibrary(libraryAdmin, { sleep: async (ms) => void waits.push(ms) }).graphql<{
      shop: { name: string }
    }>(SHOP_DETAILS)
    expect(data.shop.name).toBe('Alpine Outfitters')
    expect(waits).toEqual([1_000])
    expect(admin.requests.map((request) => [request.operationName, request.throttled])).toEqual([
      ['ShopDetails', true],
      ['ShopDetails', false],
    ])
    const failure = await adminClientFromLibrary(libraryAdmin)
      .graphql('query NoSuchThing { nothing }')
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ name: 'ShopifyAdminError', codes: ['undefinedField'] })
  })
})
