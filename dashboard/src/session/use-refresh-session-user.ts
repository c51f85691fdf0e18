import { useCallback } from 'react'
import { useApi } from '../api/api-context.tsx'
import type { SessionUser } from './session-check.ts'
import { useSession } from './session-context.tsx'

/** Reads the signed-in user again (after a change the answer does not carry) and keeps it in the session. */
export function useRefreshSessionUser() {
  const client = useApi()
  const { setUser } = useSession()
  return useCallback(async () => {
    const user = await client.request<SessionUser>('/accounts/profile/').catch(() => null)
    if (user && typeof user.email === 'string') setUser(user)
  }, [client, setUser])
}
