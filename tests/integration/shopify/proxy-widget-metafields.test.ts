// The app-data metafields the theme embed reads: written through the Shopify library's real Admin
// GraphQL client to a fake Admin API on 127.0.0.1 that speaks Shopify's wire format.
import { ApiVersion, LogSeverity, Session, shopifyApp } from '@shopify/shopify-app-react-router/server'
import { testConfig } from '@shopify/shopify-app-react-router/test-helpers'
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { AppError } from '../../../server/errors/app-error.ts'
import { adminClientFromLibrary } from '../../../server/shopify/admin-api/admin-client-from-library.ts'
import type { ShopifyAdminClient } from '../../../server/shopify/admin-api/shopify-admin-client.ts'
import { setWidgetMetafields } from '../../../server/shopify/proxy/set-widget-metafields.ts'
import { sendJson, startLocalServer, type LocalServer } from '../../support/local-http-server.ts'

const SHOP = 'demo-store.myshopify.com'
const ACCESS_TOKEN = 'shpat_fake_offline_token'
const INSTALLATION_ID = 'gid://shopify/AppInstallation/4242'
const API_VERSION = ApiVersion.October26

interface StoredMetafield {
  ownerId: string
  namespace: string
  key: string
  type: string
  value: string
}

interface UserError {
  field: string[]
  message: string
  code: string
}

/** The Admin GraphQL endpoint of one shop: the app installation and its metafields, kept in memory. */
async function startFakeAdminApi() {
  const metafields = new Map<string, StoredMetafield>()
  const requests: { path: string; token: string | undefined; query: string }[] = []
  let refusal: UserError | null = null
  const cost = {
    requestedQueryCost: 10,
    actualQueryCost: 10,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 },
  }
  const server = await startLocalServer((req, res, body) => {
    const token = req.headers['x-shopify-access-token'] as string | undefined
    const { query = '', variables = {} } = JSON.parse(body.toString() || '{}') as {
      query?: string
      variables?: { metafields?: StoredMetafield[] }
    }
    requests.push({ path: req.url ?? '', token, query })
    if (req.method !== 'POST' || req.url !== `/admin/api/${API_VERSION}/graphql.json`)
      return sendJson(res, 404, { errors: 'Not Found' })
    if (token !== ACCESS_TOKEN)
      return sendJson(res, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      })
    if (query.includes('currentAppInstallation'))
      return sendJson(res, 200, { data: { currentAppInstallation: { id: INSTALLATION_ID } }, extensions: { cost } })
    if (query.includes('metafieldsSet')) {
      const input = variables.metafields ?? []
      const userErrors: UserError[] = refusal ? [refusal] : []
      input.forEach((metafield, index) => {
        if (metafield.ownerId !== INSTALLATION_ID)
          userErrors.push({
            field: ['metafields', String(index), 'ownerId'],
            message: 'Owner does not exist.',
            code: 'INVALID',
          })
        if (metafield.type !== 'single_line_text_field')
          userErrors.push({
            field: ['metafields', String(index), 'type'],
            message: 'Type is not supported here.',
            code: 'INVALID_TYPE',
          })
        if (!metafield.value)
          userErrors.push({
            field: ['metafields', String(index), 'value'],
            message: "Value can't be blank.",
            code: 'BLANK',
          })
      })
      // metafieldsSet is atomic: one error and nothing is written.
      if (userErrors.length === 0)
        for (const metafield of input)
          metafields.set(`${metafield.ownerId}/${metafield.namespace}/${metafield.key}`, metafield)
      const written =
        userErrors.length === 0 ? input.map((metafield) => ({ key: metafield.key, value: metafield.value })) : null
      return sendJson(res, 200, { data: { metafieldsSet: { metafields: written, userErrors } }, extensions: { cost } })
    }
    return sendJson(res, 200, {
      errors: [{ message: 'Field is not defined on QueryRoot', extensions: { code: 'undefinedField' } }],
    })
  })
  return {
    server,
    requests,
    metafields,
    refuseNext(error: UserError | null) {
      refusal = error
    },
  }
}

let fake: Awaited<ReturnType<typeof startFakeAdminApi>>
let server: LocalServer
let client: ShopifyAdminClient

beforeAll(async () => {
  fake = await startFakeAdminApi()
  server = fake.server
  // The library calls https://<shop>/admin/api/...; the fake answers for the shop on 127.0.0.1.
  setAbstractFetchFunc(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    if (url.hostname !== SHOP) throw new Error(`unexpected call to ${url.hostname}`)
    return fetch(`${server.url}${url.pathname}${url.search}`, init)
  })
  const sessionStorage = testConfig().sessionStorage
  await sessionStorage?.storeSession(
    new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: '',
      isOnline: false,
      accessToken: ACCESS_TOKEN,
      scope: 'read_products,write_app_proxy',
    }),
  )
  // testConfig's adminApiAccessToken (a custom-app token) would replace the session's: a public app has none.
  const shopify = shopifyApp(
    testConfig({
      apiVersion: API_VERSION,
      sessionStorage,
      adminApiAccessToken: undefined,
      logger: { level: LogSeverity.Error },
    }),
  )
  const { admin } = await shopify.unauthenticated.admin(SHOP)
  client = adminClientFromLibrary(admin)
})
afterAll(async () => server.close())
beforeEach(() => {
  fake.requests.length = 0
  fake.refuseNext(null)
})

const stored = (key: string) => fake.metafields.get(`${INSTALLATION_ID}/agentdesk/${key}`)

describe('setWidgetMetafields', () => {
  it('writes the client key and the server origin as app-data metafields on the app installation', async () => {
    await setWidgetMetafields({ client, clientKey: 'wk_shop_key_1', serverUrl: 'https://chat.example.com/shopify' })
    expect(stored('widget_key')).toEqual({
      ownerId: INSTALLATION_ID,
      namespace: 'agentdesk',
      key: 'widget_key',
      type: 'single_line_text_field',
      value: 'wk_shop_key_1',
    })
    expect(stored('server_url')).toEqual({
      ownerId: INSTALLATION_ID,
      namespace: 'agentdesk',
      key: 'server_url',
      type: 'single_line_text_field',
      value: 'https://chat.example.com',
    })
    expect(fake.requests.map((request) => request.token)).toEqual([ACCESS_TOKEN, ACCESS_TOKEN])
    expect(fake.requests[0]?.query).toContain('currentAppInstallation')
    expect(fake.requests[1]?.query).toContain('metafieldsSet')
  })

  it('replaces the values when the key changes, keeping one metafield per key', async () => {
    await setWidgetMetafields({ client, clientKey: 'wk_first', serverUrl: 'https://chat.example.com' })
    await setWidgetMetafields({ client, clientKey: 'wk_second', serverUrl: 'http://localhost:3000' })
    expect(stored('widget_key')?.value).toBe('wk_second')
    expect(stored('server_url')?.value).toBe('http://localhost:3000')
    expect([...fake.metafields.keys()].filter((key) => key.startsWith(`${INSTALLATION_ID}/agentdesk/`))).toHaveLength(2)
  })

  it('reports Shopify’s user errors and writes nothing', async () => {
    await setWidgetMetafields({ client, clientKey: 'wk_kept', serverUrl: 'https://chat.example.com' })
    fake.refuseNext({ field: ['metafields', '0', 'namespace'], message: 'Namespace is reserved.', code: 'INVALID' })
    const failure = await setWidgetMetafields({
      client,
      clientKey: 'wk_refused',
      serverUrl: 'https://chat.example.com',
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AppError)
    expect(failure).toMatchObject({
      code: 'UPSTREAM_FAILED',
      detail: 'Shopify did not save the chat widget settings: Namespace is reserved.',
    })
    expect(stored('widget_key')?.value).toBe('wk_kept')
  })

  it('refuses an empty key or a server address that is not an http(s) URL before calling Shopify', async () => {
    await expect(
      setWidgetMetafields({ client, clientKey: '  ', serverUrl: 'https://chat.example.com' }),
    ).rejects.toBeInstanceOf(ZodError)
    await expect(
      setWidgetMetafields({ client, clientKey: 'wk_x', serverUrl: 'javascript:alert(1)' }),
    ).rejects.toBeInstanceOf(ZodError)
    expect(fake.requests).toHaveLength(0)
  })
})
