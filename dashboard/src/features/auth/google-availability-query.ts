// Whether the server has Google sign-in configured (GOOGLE_CLIENT_ID, _SECRET, _REDIRECT_URI), and where
// it starts: GET /accounts/google-login/. Screens mention Google only when it is.
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

export const googleAvailabilityQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['google-login'],
    queryFn: () => client.call(sessionRoutes.googleAvailability),
    staleTime: Infinity,
  })
