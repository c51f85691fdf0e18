// The frame of the pages open to everyone inside /app (SPEC section 2: /app/plans, /app/customer-info):
// a signed-in user stays in the signed-in area's frame (sidebar, header, bottom bar), so the bottom bar's
// Plans is no dead end on a phone; a visitor gets the public marketing frame.
import { Spinner } from '@shopify/polaris'
import { useSession } from '../session/session-context.tsx'
import { AppLayout } from './app-layout.tsx'
import { PublicLayout } from './public-layout.tsx'

export function OpenPageLayout() {
  const { status } = useSession()
  if (status === 'checking')
    return (
      <div className="page-loading" role="status">
        <Spinner accessibilityLabel="Checking your session" />
      </div>
    )
  return status === 'signed-in' ? <AppLayout /> : <PublicLayout />
}
