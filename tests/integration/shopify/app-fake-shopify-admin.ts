// Shopify's side of the embedded app's installation, as a real HTTP server on 127.0.0.1: the OAuth
// token exchange (session token → expiring offline token) and the Admin GraphQL shop query. The
// library always calls https://<shop>.myshopify.com, so its fetch is pointed here (setAbstractFetchFunc).
import { randomBytes } from 'node:crypto'
// The library's adapter sets its fetch when loaded: load it first, so the fake's fetch replaces it.
import '@shopify/shopify-api/adapters/web-api'
import { setAbstractFetchFunc, type AbstractFetchFunc } from '@shopify/shopify-api/runtime'
import { jwtVerify } from 'jose'
import { sendJson, startLocalServer } from '../../support/local-http-server.ts'

export interface FakeShop {
  name: string
  email: string
  primaryDomain: string
  /** shop.ianaTimezone (Etc/UTC when not given, as Shopify names UTC). */
  ianaTimezone?: string
}

interface TokenExchange {
  shop: string
  body: Record<string, string>
}

interface MetafieldInput {
  ownerId: string
  namespace: string
  key: string
  value: string
}

/** An app subscription as the fake's billing keeps it (Shopify's AppSubscription fields the library reads). */
export interface FakeAppSubscription {
  id: string
  shop: string
  name: string
  test: boolean
  status: 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'FROZEN'
  returnUrl: string
  createdAt: string
  lineItems: { amount: string; currencyCode: string; interval: string }[]
}

interface SubscriptionCreateVariables {
  name?: string
  returnUrl?: string
  test?: boolean | null
  lineItems?: {
    plan: { appRecurringPricingDetails?: { interval: string; price: { amount: number; currencyCode: string } } }
  }[]
}

// Shopify's AppSubscription as the library's fragment reads it.
function subscriptionNode(subscription: FakeAppSubscription) {
  return {
    id: subscription.id,
    name: subscription.name,
    test: subscription.test,
    status: subscription.status,
    trialDays: 0,
    createdAt: subscription.createdAt,
    currentPeriodEnd:
      subscription.status === 'ACTIVE'
        ? new Date(Date.parse(subscription.createdAt) + 30 * 86_400_000).toISOString()
        : null,
    returnUrl: subscription.returnUrl,
    lineItems: subscription.lineItems.map((item, index) => ({
      id: `gid://shopify/AppSubscriptionLineItem/${index + 1}`,
      plan: {
        pricingDetails: {
          price: { amount: item.amount, currencyCode: item.currencyCode },
          interval: item.interval,
          discount: null,
        },
      },
    })),
  }
}

export async function startFakeShopifyAdmin({ apiKey, apiSecret }: { apiKey: string; apiSecret: string }) {
  const shops = new Map<string, FakeShop>()
  const issuedTokens = new Map<string, string>() // access token → shop
  const exchanges: TokenExchange[] = []
  const graphqlQueries: { shop: string; query: string }[] = []
  /** App-data metafields written, by "shop namespace.key". */
  const appMetafields = new Map<string, string>()
  /** Shopify Billing: the app's subscriptions on every shop, in the order they were asked for. */
  const appSubscriptions: FakeAppSubscription[] = []
  let nextSubscription = 1000

  function createSubscription(shop: string, variables: SubscriptionCreateVariables) {
    const userErrors = []
    if (!variables.name) userErrors.push({ field: ['name'], message: "Name can't be blank" })
    if (!variables.returnUrl?.startsWith('https://'))
      userErrors.push({ field: ['returnUrl'], message: 'Return url must be an https URL' })
    const lineItems = (variables.lineItems ?? [])
      .map((item) => item.plan.appRecurringPricingDetails)
      .filter((details) => details !== undefined)
    if (lineItems.length === 0 || lineItems.some((details) => !(details.price.amount > 0)))
      userErrors.push({ field: ['lineItems'], message: 'Line items must have a price' })
    if (userErrors.length > 0) return { appSubscription: null, confirmationUrl: null, userErrors }
    nextSubscription += 1
    const subscription: FakeAppSubscription = {
      id: `gid://shopify/AppSubscription/${nextSubscription}`,
      shop,
      name: variables.name ?? '',
      test: variables.test === true,
      status: 'PENDING',
      returnUrl: variables.returnUrl ?? '',
      createdAt: new Date().toISOString(),
      lineItems: lineItems.map((details) => ({
        amount: details.price.amount.toFixed(2),
        currencyCode: details.price.currencyCode,
        interval: details.interval,
      })),
    }
    appSubscriptions.push(subscription)
    const confirmationUrl = `https://${shop}/admin/charges/${apiKey}/${nextSubscription}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=fake`
    return { appSubscription: subscriptionNode(subscription), confirmationUrl, userErrors: [] }
  }

  function cancelSubscription(shop: string, id: string | undefined) {
    const subscription = appSubscriptions.find((candidate) => candidate.id === id && candidate.shop === shop)
    if (!subscription)
      return { appSubscription: null, userErrors: [{ field: ['id'], message: 'Subscription not found' }] }
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'FROZEN')
      return { appSubscription: null, userErrors: [{ field: ['id'], message: 'Subscription is not active' }] }
    subscription.status = 'CANCELLED'
    return { appSubscription: subscriptionNode(subscription), userErrors: [] }
  }

  /** What the merchant's approval on the confirmation page does: the subscription becomes ACTIVE, replacing the shop's other active one. */
  function approveSubscription(id: string): FakeAppSubscription {
    const subscription = appSubscriptions.find((candidate) => candidate.id === id)
    if (!subscription || subscription.status !== 'PENDING') throw new Error(`no pending subscription ${id}`)
    for (const other of appSubscriptions)
      if (other.shop === subscription.shop && other.status === 'ACTIVE') other.status = 'CANCELLED'
    subscription.status = 'ACTIVE'
    return subscription
  }

  async function exchangeToken(shop: string, body: Record<string, string>) {
    exchanges.push({ shop, body })
    if (body.client_id !== apiKey || body.client_secret !== apiSecret)
      return { status: 401, body: { error: 'invalid_client' } }
    if (body.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange')
      return { status: 400, body: { error: 'unsupported_grant_type' } }
    try {
      const { payload } = await jwtVerify(body.subject_token ?? '', new TextEncoder().encode(apiSecret), {
        audience: apiKey,
      })
      if (payload.dest !== `https://${shop}`) throw new Error('session token of another shop')
    } catch {
      return { status: 400, body: { error: 'invalid_subject_token' } }
    }
    const accessToken = `shpat_${randomBytes(12).toString('hex')}`
    issuedTokens.set(accessToken, shop)
    const expiring =
      body.expiring === '1'
        ? {
            expires_in: 3600,
            refresh_token: `shprt_${randomBytes(12).toString('hex')}`,
            refresh_token_expires_in: 7_776_000,
          }
        : {}
    return {
      status: 200,
      body: {
        access_token: accessToken,
        scope: 'read_products,read_content,read_legal_policies,read_orders,write_app_proxy',
        ...expiring,
      },
    }
  }

  function answerGraphql(
    shop: string,
    accessToken: string | undefined,
    body: { query?: string; variables?: { metafields?: MetafieldInput[]; id?: string } & SubscriptionCreateVariables },
  ) {
    if (!accessToken || issuedTokens.get(accessToken) !== shop)
      return {
        status: 401,
        body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
      }
    graphqlQueries.push({ shop, query: body.query ?? '' })
    const cost = {
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 },
    }
    const installationId = `gid://shopify/AppInstallation/${shop.length}`
    if (/appSubscriptionCreate\s*\(/.test(body.query ?? ''))
      return {
        status: 200,
        body: { data: { appSubscriptionCreate: createSubscription(shop, body.variables ?? {}) }, extensions: { cost } },
      }
    if (/appSubscriptionCancel\s*\(/.test(body.query ?? ''))
      return {
        status: 200,
        body: { data: { appSubscriptionCancel: cancelSubscription(shop, body.variables?.id) }, extensions: { cost } },
      }
    if (/activeSubscriptions\s*\{/.test(body.query ?? '')) {
      const active = appSubscriptions
        .filter((subscription) => subscription.shop === shop && subscription.status === 'ACTIVE')
        .map(subscriptionNode)
      return {
        status: 200,
        body: {
          data: {
            currentAppInstallation: {
              activeSubscriptions: active,
              oneTimePurchases: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
            },
          },
          extensions: { cost },
        },
      }
    }
    if (/currentAppInstallation\s*\{/.test(body.query ?? ''))
      return { status: 200, body: { data: { currentAppInstallation: { id: installationId } }, extensions: { cost } } }
    if (/metafieldsSet\s*\(/.test(body.query ?? '')) {
      const metafields = body.variables?.metafields ?? []
      const foreign = metafields.find((field) => field.ownerId !== installationId)
      if (foreign)
        return {
          status: 200,
          body: {
            data: {
              metafieldsSet: {
                metafields: null,
                userErrors: [{ field: ['ownerId'], message: 'Owner does not exist', code: 'INVALID' }],
              },
            },
            extensions: { cost },
          },
        }
      for (const field of metafields) appMetafields.set(`${shop} ${field.namespace}.${field.key}`, field.value)
      return {
        status: 200,
        body: {
          data: { metafieldsSet: { metafields: metafields.map(({ key, value }) => ({ key, value })), userErrors: [] } },
          extensions: { cost },
        },
      }
    }
    const profile = shops.get(shop)
    if (!profile || !/\bshop\s*\{/.test(body.query ?? ''))
      return { status: 200, body: { errors: [{ message: 'Field not known to this fake' }] } }
    return {
      status: 200,
      body: {
        data: {
          shop: {
            name: profile.name,
            email: profile.email,
            ianaTimezone: profile.ianaTimezone ?? 'Etc/UTC',
            primaryDomain: { url: profile.primaryDomain },
          },
        },
        extensions: { cost },
      },
    }
  }

  const server = await startLocalServer(async (req, res, raw) => {
    const shop = String(req.headers['x-fake-shopify-shop'] ?? '')
    const body = raw.length > 0 ? (JSON.parse(raw.toString()) as Record<string, never>) : {}
    if (req.method === 'POST' && req.url === '/admin/oauth/access_token') {
      const answer = await exchangeToken(shop, body)
      return sendJson(res, answer.status, answer.body)
    }
    if (req.method === 'POST' && /^\/admin\/api\/[\d-]+\/graphql\.json$/.test(req.url ?? '')) {
      const answer = answerGraphql(shop, req.headers['x-shopify-access-token'] as string | undefined, body)
      return sendJson(res, answer.status, answer.body)
    }
    sendJson(res, 404, { errors: 'Not Found' })
  })

  // Requests to any *.myshopify.com go to this server, naming the shop in a header; others pass.
  const fetchThroughFake: AbstractFetchFunc = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (!url.hostname.endsWith('.myshopify.com')) return fetch(request)
    const headers = new Headers(request.headers)
    headers.set('X-Fake-Shopify-Shop', url.hostname)
    return fetch(`${server.url}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' ? undefined : await request.text(),
    })
  }
  setAbstractFetchFunc(fetchThroughFake)

  return {
    url: server.url,
    exchanges,
    graphqlQueries,
    appMetafields,
    appSubscriptions,
    approveSubscription,
    /** The merchant declines on the confirmation page. */
    declineSubscription: (id: string) => {
      const subscription = appSubscriptions.find((candidate) => candidate.id === id)
      if (subscription) subscription.status = 'DECLINED'
    },
    addShop: (domain: string, profile: FakeShop) => shops.set(domain, profile),
    close: () => server.close(),
  }
}
