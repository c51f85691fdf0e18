// The dashboard's feature components read the browser (storage, the session token) and fetch after the
// first render: the server draws a placeholder and the browser draws them once hydrated.
import { Card, SkeletonBodyText } from '@shopify/polaris'
import { useSyncExternalStore, type ReactNode } from 'react'

const subscribeToNothing = () => () => {}

function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

export function ClientOnly({ children }: { children: ReactNode }) {
  return useIsHydrated() ? (
    children
  ) : (
    <Card>
      <SkeletonBodyText lines={4} />
    </Card>
  )
}
