// SPEC section 4, connection and demo mode: a health check at load and every 30 seconds while the
// browser is online. When it fails the product switches to demo mode (canned data) and warns; Retry
// checks again at once.

const HEALTH_CHECK_INTERVAL_MS = 30_000
export const DEMO_WARNING = {
  title: 'Backend connection failed',
  message: 'Running in demo mode with mock data.',
} as const

export type ConnectionState = 'checking' | 'connected' | 'demo' | 'offline'

export interface ConnectionMonitorOptions {
  baseUrl?: string
  intervalMs?: number
  timeoutMs?: number
  /** navigator.onLine in the browser. */
  isOnline?(): boolean
  onChange(state: ConnectionState): void
}

/** Watches the server's health; start() checks at once, then on the interval, until stop(). */
export function createConnectionMonitor(options: ConnectionMonitorOptions) {
  let state: ConnectionState = 'checking'
  let timer: ReturnType<typeof setInterval> | null = null
  const set = (next: ConnectionState) => {
    if (next === state) return
    state = next
    options.onChange(next)
  }

  async function check(): Promise<ConnectionState> {
    if (options.isOnline && !options.isOnline()) {
      set('offline')
      return state
    }
    try {
      const response = await fetch(`${options.baseUrl ?? ''}/api/dashboard/api/health/`, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      // Read to the end: a body left unread keeps the request open until the time limit cancels it.
      await response.text()
      set(response.ok ? 'connected' : 'demo')
    } catch {
      set('demo')
    }
    return state
  }

  return {
    get state() {
      return state
    },
    /** Also the Retry button: checks at once. */
    check,
    start() {
      void check()
      timer ??= setInterval(() => void check(), options.intervalMs ?? HEALTH_CHECK_INTERVAL_MS)
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
