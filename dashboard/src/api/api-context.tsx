// The dashboard's one API client and connection state, for every screen. The client answers from
// demo data while the connection monitor says the server cannot be reached (SPEC section 4).
import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createApiClient, type ApiClient } from './api-client.ts'
import type { ApiError } from './api-error.ts'
import { createConnectionMonitor, type ConnectionState } from './connection-monitor.ts'
import { answerInDemo } from './demo/answer-in-demo.ts'

export const SESSION_ENDED_EVENT = 'agentdesk:session-ended'

interface ApiContextValue {
  client: ApiClient
  connection: ConnectionState
  /** The Retry button of the demo warning: checks the server again at once. */
  retryConnection(): Promise<ConnectionState>
}

const ApiContext = createContext<ApiContextValue | null>(null)

export function ApiProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [connection, setConnection] = useState<ConnectionState>('checking')
  const inDemo = useRef(false)
  const monitor = useMemo(
    () =>
      // eslint-disable-next-line react-hooks/refs -- inDemo is read in onChange, when the monitor reports, never during render
      createConnectionMonitor({
        isOnline: () => navigator.onLine,
        onChange: (state) => {
          const wasDemo = inDemo.current
          inDemo.current = state === 'demo'
          setConnection(state)
          // Data read in one mode is wrong in the other: read again.
          if (wasDemo !== inDemo.current) void queryClient.invalidateQueries()
        },
      }),
    [queryClient],
  )
  const client = useMemo(
    () =>
      // eslint-disable-next-line react-hooks/refs -- inDemo is read in demo.active, when a call is made, never during render
      createApiClient({
        storage: window.localStorage,
        demo: { active: () => inDemo.current, answer: answerInDemo },
        onSessionEnded: (error: ApiError) =>
          window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: error })),
      }),
    [],
  )
  useEffect(() => {
    monitor.start()
    const recheck = () => void monitor.check()
    window.addEventListener('online', recheck)
    window.addEventListener('offline', recheck)
    return () => {
      monitor.stop()
      window.removeEventListener('online', recheck)
      window.removeEventListener('offline', recheck)
    }
  }, [monitor])
  const value = useMemo(() => ({ client, connection, retryConnection: monitor.check }), [client, connection, monitor])
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>
}

/**
 * A client made elsewhere (the Shopify admin's, authorized by App Bridge's session tokens), for the same
 * feature components. It has no demo mode: its connection counts as connected.
 */
export function ProvideApiClient({ client, children }: { client: ApiClient; children: ReactNode }) {
  const value = useMemo<ApiContextValue>(
    () => ({ client, connection: 'connected', retryConnection: async () => 'connected' }),
    [client],
  )
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext)
  if (!value) throw new Error('useApi needs an ApiProvider')
  return value
}

export const useApi = () => useApiContext().client
export function useConnection() {
  const { connection, retryConnection } = useApiContext()
  return { connection, retryConnection }
}
