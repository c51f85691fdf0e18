// SPEC section 8: a failed call shows an error toast. A feature's own title (such as "Failed to create
// agent") comes first; otherwise the status title, or "Request Failed" when the server said why. A plan's
// refusal (402) always shows the server's sentence with an Upgrade Plan action, wherever it happened.
import { ApiError, planRefusalOf } from '../api/api-error.ts'
import type { Toaster } from './toast-context.tsx'

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Please try again or refresh the page.'
}

function titleOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong'
  if (
    error.code === 'HTTP_ERROR' &&
    error.body &&
    (typeof error.body.message === 'string' || typeof error.body.detail === 'string')
  )
    return 'Request Failed'
  return error.title
}

/**
 * The error toast of a failed call; message: the screen's own words for it (the error's message
 * otherwise), except for a plan's refusal, whose sentence says what to do.
 */
export function reportError(toaster: Toaster, error: unknown, title?: string, message?: string): void {
  const refusal = planRefusalOf(error)
  if (refusal)
    toaster.error(
      title ?? 'Upgrade required',
      refusal.message,
      refusal.upgrade_url ? { content: 'Upgrade Plan', url: refusal.upgrade_url } : undefined,
    )
  else toaster.error(title ?? titleOf(error), message ?? messageOf(error))
}
