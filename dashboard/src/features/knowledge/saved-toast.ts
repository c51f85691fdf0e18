import type { Toaster } from '../../feedback/toast-context.tsx'

/**
 * A successful change: the server's message when it sent one (SPEC section 7; demo mode says nothing
 * was saved), otherwise the screen's own words, since an added or updated item comes back without one.
 */
export function showSavedToast(toaster: Toaster, output: unknown, fallback: { title: string; message?: string }) {
  const said = output && typeof output === 'object' ? (output as Record<string, unknown>).message : undefined
  if (typeof said === 'string') toaster.success('Success', said)
  else toaster.success(fallback.title, fallback.message)
}
