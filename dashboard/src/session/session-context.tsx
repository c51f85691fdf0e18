// SPEC section 4, the session: checked on load and every 5 minutes while signed in inside /app; a
// session that cannot be renewed ends with "Your session has expired. Please sign in again." and the
// browser goes to /auth, remembering where it was.
import { useQueryClient } from '@tanstack/react-query'
import type { SignInAnswer as ServerSignInAnswer } from '#server/accounts/accounts.schemas.ts'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLocation, useNavigate } from 'react-router'
import { SESSION_ENDED_EVENT, useApi, useConnection } from '../api/api-context.tsx'
import { ApiError } from '../api/api-error.ts'
import { clearTokens, readTokens, saveTokens } from '../api/session-tokens.ts'
import { useToast } from '../feedback/toast-context.tsx'
import { rememberPath, takeLanding } from './remembered-path.ts'
import { forgetCustomerInfo } from './customer-info-storage.ts'
import { checkSession, SESSION_CHECK_INTERVAL_MS, SESSION_EXPIRED_MESSAGE, type SessionUser } from './session-check.ts'
import { sessionRoutes } from '../api/routes/session-routes.ts'

/** The sign-in calls' answer (server/accounts/accounts.schemas.ts); the dashboard keeps its user and tokens. */
export type SignInAnswer = Pick<ServerSignInAnswer, 'user' | 'tokens'>

interface SessionValue {
  status: 'checking' | 'signed-in' | 'signed-out'
  user: SessionUser | null
  /** Keeps the tokens of a sign-in or registration and goes to the remembered path or the dashboard. */
  signIn(answer: SignInAnswer): void
  signOut(): Promise<void>
  /** Replaces the user after a profile change. */
  setUser(user: SessionUser): void
  /** Ends the session locally (account deleted, session expired) and goes to /auth. */
  endSession(message?: string): void
}

const SessionContext = createContext<SessionValue | null>(null)

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApi()
  const toaster = useToast()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const hasTokens = Boolean(readTokens(localStorage).refresh || readTokens(localStorage).access)
  const [status, setStatus] = useState<SessionValue['status']>(hasTokens ? 'checking' : 'signed-out')
  const [user, setUser] = useState<SessionUser | null>(null)
  const insideApp = location.pathname.startsWith('/app')
  const { connection } = useConnection()

  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => clearTimeout(retryTimer.current ?? undefined), [])

  /** Outside /app a stale session is forgotten quietly: nobody there asked to be signed in. */
  const forgetSession = useCallback(() => {
    clearTokens(localStorage)
    forgetCustomerInfo(sessionStorage)
    setUser(null)
    setStatus('signed-out')
  }, [])

  const endSession = useCallback(
    (message?: string) => {
      clearTokens(localStorage)
      // Whoever signs in next in this tab never checks out with the billing details typed before.
      forgetCustomerInfo(sessionStorage)
      setUser(null)
      setStatus('signed-out')
      queryClient.clear()
      if (message) toaster.error('Session expired', message)
      if (window.location.pathname.startsWith('/app'))
        rememberPath(sessionStorage, window.location.pathname + window.location.search)
      void navigate('/auth', { replace: true })
    },
    [navigate, queryClient, toaster],
  )

  // The latest runCheck, for the retry timer and the effects that check on load and on a new connection.
  const runCheckRef = useRef(async () => {})
  const runCheck = useCallback(async () => {
    const state = await checkSession(client, localStorage)
    if (state.signedIn) {
      setUser(state.user)
      setStatus('signed-in')
    } else if (state.reason === 'expired') {
      if (window.location.pathname.startsWith('/app')) endSession(SESSION_EXPIRED_MESSAGE)
      else forgetSession()
    } else if (state.reason === 'unreachable') {
      // Checked again when the connection monitor decides (demo data, or the server back), or in 5 s.
      clearTimeout(retryTimer.current ?? undefined)
      retryTimer.current = setTimeout(() => void runCheckRef.current(), 5_000)
    } else {
      setStatus('signed-out')
    }
  }, [client, endSession, forgetSession])

  useLayoutEffect(() => {
    runCheckRef.current = runCheck
  })

  // Only on load (tokens saved later are a sign-in's, already checked); the interval below keeps checking.
  const [hadTokensOnLoad] = useState(hasTokens)
  useEffect(() => {
    if (hadTokensOnLoad) void runCheckRef.current()
  }, [hadTokensOnLoad])

  // When the connection changes; runCheck itself moves the status on (never back to checking).
  useEffect(() => {
    if (status === 'checking' && connection !== 'checking') void runCheckRef.current()
  }, [status, connection])

  useEffect(() => {
    if (status !== 'signed-in' || !insideApp) return
    const timer = setInterval(() => void runCheck(), SESSION_CHECK_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [status, insideApp, runCheck])

  useEffect(() => {
    const onEnded = () => {
      if (!window.location.pathname.startsWith('/app')) return forgetSession()
      toaster.error('Authentication Error', 'Authentication failed - please log in again')
      endSession()
    }
    window.addEventListener(SESSION_ENDED_EVENT, onEnded)
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded)
  }, [endSession, forgetSession, toaster])

  const signIn = useCallback(
    (answer: SignInAnswer) => {
      if (answer.tokens) saveTokens(localStorage, answer.tokens)
      queryClient.clear()
      setUser(answer.user)
      setStatus('signed-in')
      void navigate(takeLanding(sessionStorage), { replace: true })
    },
    [navigate, queryClient],
  )

  const signOut = useCallback(async () => {
    const { refresh } = readTokens(localStorage)
    try {
      if (refresh) await client.call(sessionRoutes.signOut, { body: { refresh_token: refresh } })
      else toaster.success('Signed out', 'Logged out successfully (no active session)')
    } catch (error) {
      toaster.error('Signed out', logoutProblem(error))
    }
    clearTokens(localStorage)
    // The billing details typed before a checkout are not left for whoever signs in next in this tab.
    forgetCustomerInfo(sessionStorage)
    setUser(null)
    setStatus('signed-out')
    queryClient.clear()
    void navigate('/auth', { replace: true })
  }, [client, navigate, queryClient, toaster])

  const value = useMemo<SessionValue>(
    () => ({ status, user, signIn, signOut, setUser, endSession }),
    [status, user, signIn, signOut, endSession],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

/** SPEC section 8, logout: what went wrong; the browser is signed out either way. */
function logoutProblem(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0)
    return 'Network error during logout. You have been logged out locally.'
  if (error.status === 400) return 'Invalid logout request'
  if (error.status === 401) return 'Invalid or expired refresh token'
  return 'Error logging out'
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession needs a SessionProvider')
  return value
}
