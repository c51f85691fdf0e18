// Toasts of the SPEC: a title and a message; errors stay 6 seconds (section 8), the rest 4. They are
// announced to screen readers (errors assertively) and can be dismissed.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { ERROR_TOAST_MS } from '../api/api-error.ts'
import './toasts.css'

export const SUCCESS_TOAST_MS = 4_000

export type ToastTone = 'success' | 'error' | 'info'

export interface Toast {
  id: number
  tone: ToastTone
  title: string
  message?: string
}

export interface Toaster {
  show(tone: ToastTone, title: string, message?: string): void
  success(title: string, message?: string): void
  error(title: string, message?: string): void
  info(title: string, message?: string): void
}

const ToastContext = createContext<Toaster | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), [])
  const show = useCallback(
    (tone: ToastTone, title: string, message?: string) => {
      const id = nextId.current++
      setToasts((current) => [...current.slice(-4), { id, tone, title, message }])
      setTimeout(() => dismiss(id), tone === 'error' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS)
    },
    [dismiss],
  )
  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (title, message) => show('success', title, message),
      error: (title, message) => show('error', title, message),
      info: (title, message) => show('info', title, message),
    }),
    [show],
  )
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'} data-testid="toast">
            <div className="toast__text">
              <strong className="toast__title">{toast.title}</strong>
              {toast.message ? <span className="toast__message">{toast.message}</span> : null}
            </div>
            <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
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
