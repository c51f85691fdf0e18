// The dashboard's toasts, shown by the Shopify admin through App Bridge (shopify.toast.show): the same
// words, errors marked as errors and kept as long as the dashboard keeps them, an action (Upgrade Plan)
// as the toast's button.
import { ERROR_TOAST_MS } from '#dashboard/api/api-error.ts'
import { SUCCESS_TOAST_MS, type Toaster, type ToastAction, type ToastTone } from '#dashboard/feedback/toast-context.tsx'

/** One line for the admin's toast: the message alone when there is one ("Text added"), with the title when it is an error. */
function toastLine(tone: ToastTone, title: string, message?: string): string {
  if (!message) return title
  return tone === 'error' ? `${title}: ${message}` : message
}

/** navigate: how an action's path (such as Upgrade Plan's /app/payment) opens inside the embedded app. */
export function appBridgeToaster(navigate: (path: string) => void): Toaster {
  const show = (tone: ToastTone, title: string, message?: string, action?: ToastAction) => {
    const isError = tone === 'error'
    window.shopify.toast.show(toastLine(tone, title, message), {
      isError,
      duration: isError ? ERROR_TOAST_MS : SUCCESS_TOAST_MS,
      ...(action ? { action: action.content, onAction: () => navigate(action.url) } : {}),
    })
  }
  return {
    show,
    success: (title, message) => show('success', title, message),
    error: (title, message, action) => show('error', title, message, action),
    info: (title, message) => show('info', title, message),
  }
}
