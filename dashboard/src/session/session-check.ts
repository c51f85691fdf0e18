// SPEC section 4: a session check on load and every 5 minutes while signed in inside /app: refresh
// the access token if it is expired (or expires within 300 s), then fetch the profile; any failure
// (a 401, a refused refresh) ends the session with "Your session has expired. Please sign in again."
import type { UserView } from '#server/accounts/accounts.schemas.ts'
import type { ApiClient } from '../api/api-client.ts'
import { ApiError } from '../api/api-error.ts'
import { accessTokenExpiring, clearTokens, readTokens, type TokenStorage } from '../api/session-tokens.ts'
import { accountRoutes } from '../api/routes/account-routes.ts'

export const SESSION_CHECK_INTERVAL_MS = 5 * 60_000
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.'

export type SessionUser = UserView

export type SessionState =
  { signedIn: true; user: SessionUser } | { signedIn: false; reason: 'no_tokens' | 'expired' | 'unreachable' }

/** Checks the stored session: the signed-in user, or why there is none (tokens cleared when expired). */
export async function checkSession(client: ApiClient, storage: TokenStorage): Promise<SessionState> {
  const tokens = readTokens(storage)
  if (!tokens.access && !tokens.refresh) return { signedIn: false, reason: 'no_tokens' }
  try {
    if (accessTokenExpiring(tokens.access)) await client.refresh()
    const user = await client.call(accountRoutes.profile)
    return { signedIn: true, user }
  } catch (error) {
    // A server that cannot be reached says nothing about the session: keep it and check again later.
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500))
      return { signedIn: false, reason: 'unreachable' }
    clearTokens(storage)
    return { signedIn: false, reason: 'expired' }
  }
}
