import { sendWithThrottleRetry, sleepFor, type ThrottleRetryOptions } from './send-with-throttle-retry.ts'
import {
  GraphqlResponseSchema,
  ShopifyAdminError,
  type GraphqlResponse,
  type ShopifyAdminClient,
} from './shopify-admin-client.ts'

export interface AdminClientOptions extends ThrottleRetryOptions {
  /** example.myshopify.com */
  shop: string
  accessToken: string
  apiVersion: string
  fetchImpl?: typeof fetch
  /** Instead of https://{shop}: tests point it at a fake Admin API on 127.0.0.1. */
  baseUrl?: string
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/
const API_VERSION = /^(\d{4}-\d{2}|unstable)$/
const HTTP_RETRIES = 2
const MAX_RETRY_AFTER_MS = 10_000

// 429 (over the request rate) and 5xx are worth a second try; the rest are answers.
const isRetryableStatus = (status: number) => status === 429 || status >= 500

function retryAfterMs(response: Response) {
  const seconds = Number(response.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1_000, MAX_RETRY_AFTER_MS) : 1_000
}

/** An Admin GraphQL client for one shop and its access token, posting to /admin/api/{version}/graphql.json. */
export function createAdminClient(options: AdminClientOptions): ShopifyAdminClient {
  // The shop name goes into a URL this server calls with a token: only Shopify's own domains.
  if (!SHOP_DOMAIN.test(options.shop)) throw new Error(`Not a shop domain: ${JSON.stringify(options.shop)}`)
  if (!API_VERSION.test(options.apiVersion))
    throw new Error(`Not an Admin API version: ${JSON.stringify(options.apiVersion)}`)
  const fetchImpl = options.fetchImpl ?? fetch
  const sleep = options.sleep ?? sleepFor
  const endpoint = `${options.baseUrl ?? `https://${options.shop}`}/admin/api/${options.apiVersion}/graphql.json`

  async function post(query: string, variables: object | undefined): Promise<GraphqlResponse> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Shopify-Access-Token': options.accessToken,
        },
        body: JSON.stringify({ query, variables: variables ?? {} }),
        signal: options.signal,
      })
      if (response.ok) return GraphqlResponseSchema.parse(await response.json())
      await response.body?.cancel()
      if (isRetryableStatus(response.status) && attempt < HTTP_RETRIES) {
        await sleep(retryAfterMs(response), options.signal)
        continue
      }
      throw new ShopifyAdminError(`Shopify Admin API answered HTTP ${response.status}`, { status: response.status })
    }
  }

  return {
    graphql: <T>(query: string, variables?: object) => sendWithThrottleRetry<T>(() => post(query, variables), options),
  }
}
