// SPEC section 8: an unhandled failure shows "Something went wrong / Please try again or refresh the
// page.", except the noise browser extensions make (a closed message channel, an invalidated context).
import { useEffect } from 'react'
import { useToast } from './toast-context.tsx'

const EXTENSION_NOISE = /message channel closed|Extension context invalidated/i

function isExtensionNoise(message: string): boolean {
  return EXTENSION_NOISE.test(message)
}

export function UnhandledErrorToasts() {
  const toaster = useToast()
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      const message = event.reason instanceof Error ? event.reason.message : String(event.reason)
      if (!isExtensionNoise(message)) toaster.error('Something went wrong', 'Please try again or refresh the page.')
    }
    const onError = (event: ErrorEvent) => {
      if (!isExtensionNoise(event.message ?? ''))
        toaster.error('Something went wrong', 'Please try again or refresh the page.')
    }
    window.addEventListener('unhandledrejection', onRejection)
    window.addEventListener('error', onError)
    return () => {
      window.removeEventListener('unhandledrejection', onRejection)
      window.removeEventListener('error', onError)
    }
  }, [toaster])
  return null
}
