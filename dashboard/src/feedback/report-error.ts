// SPEC section 8: a failed call shows an error toast. A feature's own title (such as "Failed to create
// agent") comes first; otherwise the status title, or "Request Failed" when the server said why.
import { ApiError } from '../api/api-error.ts'
import type { Toaster } from './toast-context.tsx'

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Please try again or refresh the page.'
}

export function titleOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong'
  if (error.code === 'HTTP_ERROR' && error.body && (typeof error.body.message === 'string' || typeof error.body.detail === 'string')) return 'Request Failed'
  return error.title
}

export function reportError(toaster: Toaster, error: unknown, title?: string): void {
  toaster.error(title ?? titleOf(error), messageOf(error))
}
