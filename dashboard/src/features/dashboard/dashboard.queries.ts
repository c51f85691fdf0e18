// The dashboard's reads (SPEC sections 7 and 9): stats are stale after 30 s and retried up to twice
// except on a 404; everything refreshes on focus and when the tab becomes visible again.
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import { DASHBOARD_KEY } from '../../shared/query-keys.ts'
import { statsRoutes } from '../../api/routes/stats-routes.ts'

export const statsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'stats'],
    queryFn: () => client.call(statsRoutes.stats),
    staleTime: 30_000,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
  })

export const engagementQuery = (client: ApiClient, range: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'engagement', range],
    queryFn: async () => {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
      return client.call(statsRoutes.engagement, { query: { range, tz: timeZone } })
    },
    staleTime: 30_000,
  })
