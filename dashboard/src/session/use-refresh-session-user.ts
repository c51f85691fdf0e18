import { useCallback } from 'react'
import { useApi } from '../api/api-context.tsx'
import { accountRoutes } from '../api/routes/account-routes.ts'
import { useSession } from './session-context.tsx'

/** Reads the signed-in user again (after a change the answer does not carry) and keeps it in the session. */
export function useRefreshSessionUser() {
  const client = useApi()
  const { setUser } = useSession()
  return useCallback(async () => {
    const user = await client.call(accountRoutes.profile).catch(() => null)
    if (user) setUser(user)
  }, [client, setUser])
}
