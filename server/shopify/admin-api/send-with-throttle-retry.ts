import { ShopifyAdminError, type GraphqlResponse } from './shopify-admin-client.ts'
import { isThrottled, MAX_THROTTLE_WAIT_MS, throttleWaitMs } from './throttle-wait.ts'

export interface ThrottleRetryOptions {
  /** Retries after THROTTLED answers before giving up (Shopify's own clients retry none). */
  maxThrottleRetries?: number
  maxWaitMs?: number
  /** Waits; tests pass one that records the pauses instead of sleeping. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  signal?: AbortSignal
}

const DEFAULT_THROTTLE_RETRIES = 4

export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted()
    const timer = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener('abort', aborted)
      resolve()
    }
    function aborted() {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', aborted, { once: true })
  })
}

/**
 * Sends a query until it is not throttled (pausing as the bucket's figures say), then returns its
 * data or throws its errors as a ShopifyAdminError.
 */
export async function sendWithThrottleRetry<T>(
  send: () => Promise<GraphqlResponse>,
  options: ThrottleRetryOptions = {},
): Promise<T> {
  const maxRetries = options.maxThrottleRetries ?? DEFAULT_THROTTLE_RETRIES
  const sleep = options.sleep ?? sleepFor
  for (let attempt = 0; ; attempt++) {
    const response = await send()
    if (isThrottled(response) && attempt < maxRetries) {
      await sleep(throttleWaitMs(response, options.maxWaitMs ?? MAX_THROTTLE_WAIT_MS), options.signal)
      continue
    }
    if (response.errors && response.errors.length > 0) {
      const codes = response.errors.flatMap((error) => (error.extensions?.code ? [error.extensions.code] : []))
      throw new ShopifyAdminError(
        `Shopify Admin API: ${response.errors
          .map((error) => error.message)
          .join('; ')
          .slice(0, 500)}`,
        { codes },
      )
    }
    return response.data as T
  }
}
