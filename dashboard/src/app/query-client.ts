// SPEC section 9, polling and cache: fresh 2 minutes, kept 5 minutes, fewer than 2 retries and never
// for a client error (a 4xx answer, or an error that mentions a 4), no retries for changes, refetch on
// focus and mount.
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/api-error.ts'

const FRESH_MS = 2 * 60_000
const KEPT_MS = 5 * 60_000

/** A missing agent (404) or a refused request will not change by asking again: its screen shows at once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const passing = error instanceof ApiError && (error.status === 408 || error.status === 429)
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !passing) return false
  const message = error instanceof Error ? error.message : String(error)
  return failureCount < 2 && !message.includes('4')
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        gcTime: KEPT_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        refetchOnMount: true,
      },
      mutations: { retry: false },
    },
  })
}
