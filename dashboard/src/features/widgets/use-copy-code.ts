// A Copy Code button's action: copy, then the SPEC's toast (section 8); a refusal says what to do.
import { useCallback } from 'react'
import { reportError } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { copyText } from './copy-text.ts'

export function useCopyCode() {
  const toaster = useToast()
  return useCallback(
    async (text: string, toast: { title: string; message?: string }) => {
      try {
        await copyText(text)
        toaster.success(toast.title, toast.message)
      } catch (error) {
        reportError(toaster, error, 'Could not copy the code')
      }
    },
    [toaster],
  )
}
