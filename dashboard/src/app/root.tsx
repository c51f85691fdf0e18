// Everything every page needs, inside the router so that links and the session can navigate.
import { AppProvider } from '@shopify/polaris'
import en from '@shopify/polaris/locales/en.json'
import { Outlet, ScrollRestoration } from 'react-router'
import { ApiProvider } from '../api/api-context.tsx'
import { UnhandledErrorToasts } from '../feedback/unhandled-error-toasts.tsx'
import { SessionProvider } from '../session/session-context.tsx'
import { PolarisLink } from './polaris-link.tsx'

export function Root() {
  return (
    <AppProvider i18n={en} linkComponent={PolarisLink}>
      <ApiProvider>
        <SessionProvider>
          <UnhandledErrorToasts />
          <ScrollRestoration />
          <Outlet />
        </SessionProvider>
      </ApiProvider>
    </AppProvider>
  )
}
