import type { GraphqlResponse } from './shopify-admin-client.ts'

/** Longest pause before retrying a throttled query: a bucket refills in seconds, never minutes. */
export const MAX_THROTTLE_WAIT_MS = 20_000
const UNKNOWN_COST_WAIT_MS = 1_000

export function isThrottled(response: GraphqlResponse) {
  return response.errors?.some((error) => error.extensions?.code === 'THROTTLED') ?? false
}

/**
 * How long to wait before a throttled query can run: the points it lacks divided by the restore rate
 * (Shopify's leaky bucket), capped. Without cost figures, a second.
 */
export function throttleWaitMs(response: GraphqlResponse, capMs = MAX_THROTTLE_WAIT_MS): number {
  const cost = response.extensions?.cost
  const status = cost?.throttleStatus
  if (!status || cost.requestedQueryCost === undefined || status.restoreRate <= 0)
    return Math.min(UNKNOWN_COST_WAIT_MS, capMs)
  const seconds = (cost.requestedQueryCost - status.currentlyAvailable) / status.restoreRate
  return Math.min(capMs, Math.max(0, Math.ceil(seconds * 1_000)))
}
