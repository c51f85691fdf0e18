// Everything every page needs, inside the router so that links and the session can navigate.
import { AppProvider, type AppProviderProps } from '@shopify/polaris'
import en from '@shopify/polaris/locales/en.json'

import type { ComponentProps } from 'react'
import { Link, Outlet, ScrollRestoration } from 'react-router'
import { ApiProvider } from '../api/api-context.tsx'
import { UnhandledErrorToasts } from '../feedback/unhandled-error-toasts.tsx'
import { SessionProvider } from '../session/session-context.tsx'

/** Polaris links (Button url, Link url) go through the router; external ones stay plain anchors. */
type LinkLikeComponentProps = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>

function RouterLink({ url, external, children, ref: _ref, ...rest }: LinkLikeComponentProps) {
  if (external || /^[a-z]+:/i.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    )
  }
  return (
    <Link to={url} {...rest}>
      {children}
    </Link>
  )
}

export function Root() {
  return (
    <AppProvider i18n={en} linkComponent={RouterLink}>
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
