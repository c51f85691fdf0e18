// Guarded pages (SPEC section 2): a visitor without a session goes to /auth and the path is remembered.
import { Spinner } from '@shopify/polaris'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { rememberPath } from './remembered-path.ts'
import { useSession } from './session-context.tsx'

export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'checking') {
    return (
      <div className="page-loading" role="status">
        <Spinner accessibilityLabel="Checking your session" />
      </div>
    )
  }
  if (status === 'signed-out') {
    rememberPath(sessionStorage, location.pathname + location.search)
    return <Navigate to="/auth" replace />
  }
  return children
}
