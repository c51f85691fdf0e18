// SPEC section 9, polling and cache: fresh 2 minutes, kept 5 minutes, fewer than 2 retries and never
// when the error mentions a 4 (a client error), no retries for changes, refetch on focus and mount.
import { QueryClient } from '@tanstack/react-query'

const FRESH_MS = 2 * 60_000
const KEPT_MS = 5 * 60_000

function shouldRetry(failureCount: number, error: unknown): boolean {
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
