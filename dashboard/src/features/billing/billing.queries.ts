// Reading plans, the subscription, its history and the notifications (docs/api/billing.md); every key
// starts with 'billing' so a change refreshes them all. Usage moves with every message, so the
// subscription is read again on each visit rather than kept fresh for minutes.
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import { NOTIFICATIONS_KEY } from '../../shared/query-keys.ts'
import type { Subscription, SubscriptionHistoryEntry } from '#server/billing/billing.schemas.ts'
import type { SubscriptionReading } from './billing.types.ts'
import { billingRoutes } from '../../api/routes/billing-routes.ts'

export const BILLING_KEY = ['billing'] as const

/** SPEC section 8: the server's own words for a failure, else the screen's. */
function withFallback(error: unknown, fallback: string): unknown {
  if (!(error instanceof ApiError) || error.status === 0) return error
  if (error.status === 401) return new ApiError(401, error.code, error.title, 'Please log in to continue', error.body)
  const said =
    typeof error.body?.message === 'string'
      ? error.body.message
      : typeof error.body?.detail === 'string'
        ? error.body.detail
        : null
  return new ApiError(error.status, error.code, error.title, said ?? fallback, error.body)
}

const isSubscription = (value: unknown): value is Subscription =>
  typeof value === 'object' && value !== null && typeof (value as Subscription).subscription_id === 'string'

export const plansQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'plans'],
    queryFn: () => client.call(billingRoutes.plans),
  })

export const subscriptionQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'subscription'],
    queryFn: async (): Promise<SubscriptionReading> => {
      try {
        return { kind: 'current', subscription: await client.call(billingRoutes.subscription) }
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'none' }
        if (error instanceof ApiError && error.status === 410 && isSubscription(error.body?.subscription))
          return { kind: 'ended', subscription: error.body.subscription }
        throw withFallback(error, 'Failed to fetch subscription')
      }
    },
    staleTime: 0,
  })

export const subscriptionHistoryQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'history'],
    queryFn: async (): Promise<SubscriptionHistoryEntry[]> => {
      try {
        return (await client.call(billingRoutes.subscriptionHistory)).subscriptions
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return []
        throw withFallback(error, 'Failed to fetch subscription history')
      }
    },
    staleTime: 0,
  })

/** The header's list, read again every minute while the dashboard is open. */
export const notificationsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => client.call(billingRoutes.notifications),
    select: (answer) => answer.notifications,
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
