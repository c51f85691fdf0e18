// Toasts of the SPEC: a title and a message; errors stay 6 seconds (section 8), the rest 4. They are
// announced to screen readers (errors assertively) and can be dismissed. A toast may carry one action,
// a link inside the dashboard (Upgrade Plan after a plan refusal), followed without reloading the page.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { ERROR_TOAST_MS } from '../api/api-error.ts'
import './toasts.css'

export const SUCCESS_TOAST_MS = 4_000

export type ToastTone = 'success' | 'error' | 'info'

/** A toast's one action: a path inside the dashboard. */
export interface ToastAction {
  content: string
  url: string
}

export interface Toast {
  id: number
  tone: ToastTone
  title: string
  message?: string
  action?: ToastAction
}

export interface Toaster {
  show(tone: ToastTone, title: string, message?: string, action?: ToastAction): void
  success(title: string, message?: string): void
  error(title: string, message?: string, action?: ToastAction): void
  info(title: string, message?: string): void
}

const ToastContext = createContext<Toaster | null>(null)

/** navigate: how an action's path is opened; the router's, since the toasts sit outside it. */
export function ToastProvider({
  children,
  navigate = (url) => window.location.assign(url),
}: {
  children: ReactNode
  navigate?(url: string): void
}) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), [])
  const show = useCallback(
    (tone: ToastTone, title: string, message?: string, action?: ToastAction) => {
      const id = nextId.current++
      setToasts((current) => [...current.slice(-4), { id, tone, title, message, action }])
      setTimeout(() => dismiss(id), tone === 'error' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS)
    },
    [dismiss],
  )
  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (title, message) => show('success', title, message),
      error: (title, message, action) => show('error', title, message, action),
      info: (title, message) => show('info', title, message),
    }),
    [show],
  )
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.tone}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <div className="toast__text">
              <strong className="toast__title">{toast.title}</strong>
              {toast.message ? <span className="toast__message">{toast.message}</span> : null}
              {toast.action ? (
                <a
                  className="toast__action"
                  href={toast.action.url}
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                    event.preventDefault()
                    dismiss(toast.id)
                    navigate(toast.action?.url ?? '/')
                  }}
                >
                  {toast.action.content}
                </a>
              ) : null}
            </div>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

/** Toasts shown elsewhere (the Shopify admin's, through App Bridge) for the same feature components. */
export function ProvideToaster({ toaster, children }: { toaster: Toaster; children: ReactNode }) {
  return <ToastContext.Provider value={toaster}>{children}</ToastContext.Provider>
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext)
  if (!toaster) throw new Error('useToast needs a ToastProvider')
  return toaster
}
