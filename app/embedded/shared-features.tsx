// What the dashboard's feature components need around them, inside the Shopify admin: their query
// cache, an API client that signs each call with App Bridge's session token (the API maps it to the
// shop's account), and toasts shown by the admin.
import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { createApiClient } from '#dashboard/api/api-client.ts'
import { ApiError } from '#dashboard/api/api-error.ts'
import { ProvideApiClient } from '#dashboard/api/api-context.tsx'
import type { TokenStorage } from '#dashboard/api/session-tokens.ts'
import { createQueryClient } from '#dashboard/app/query-client.ts'
import { ProvideToaster } from '#dashboard/feedback/toast-context.tsx'
import { appBridgeToaster } from './app-bridge-toaster.ts'
import '#dashboard/app/visually-hidden.css'
import './embedded.css'

// The admin's calls keep no tokens of their own: App Bridge hands out a fresh session token each time.
const NO_STORAGE: TokenStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} }

/** App Bridge's session token; outside the admin (no App Bridge) a clear 401 instead of a TypeError. */
function adminSessionToken(): Promise<string> {
  if (typeof window.shopify?.idToken !== 'function')
    return Promise.reject(
      new ApiError(401, 'UNAUTHORIZED', 'Authentication Failed', 'Open the app from your Shopify admin.'),
    )
  return window.shopify.idToken()
}

export function SharedFeatures({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  const [client] = useState(() => createApiClient({ storage: NO_STORAGE, authorize: adminSessionToken }))
  const navigate = useNavigate()
  const [toaster] = useState(() => appBridgeToaster((path) => void navigate(path)))
  return (
    <QueryClientProvider client={queryClient}>
      <ProvideApiClient client={client}>
        <ProvideToaster toaster={toaster}>{children}</ProvideToaster>
      </ProvideApiClient>
    </QueryClientProvider>
  )
}
