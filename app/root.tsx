// The document of every /shopify page. App Bridge must be the first script in <head> and find the
// app's key in a meta tag; pages a merchant opens outside the admin (the login form) go without it.
import { AppProvider } from '@shopify/polaris'
import en from '@shopify/polaris/locales/en.json'
import polarisStyles from '@shopify/polaris/build/esm/styles.css?url'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type LoaderFunctionArgs,
} from 'react-router'
import './load-context.ts'
import { PolarisLink } from '#dashboard/app/polaris-link.tsx'

export const APP_BRIDGE_URL = 'https://cdn.shopify.com/shopifycloud/app-bridge.js'

/** Marks a route shown outside the Shopify admin (`export const handle = OUTSIDE_ADMIN`). */
export const OUTSIDE_ADMIN = { outsideAdmin: true }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: polarisStyles }]

export function loader({ context }: LoaderFunctionArgs) {
  return { apiKey: context.apiKey }
}

// The app's key never changes: a new address (a tab, a filter) does not ask the server for it again.
export const shouldRevalidate = () => false

function useIsInsideAdmin() {
  return !useMatches().some((match) => (match.handle as { outsideAdmin?: boolean } | undefined)?.outsideAdmin)
}

function Document({ apiKey, children }: { apiKey?: string; children: React.ReactNode }) {
  const isInsideAdmin = useIsInsideAdmin()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {isInsideAdmin && apiKey ? (
          <>
            <meta name="shopify-api-key" content={apiKey} />
            <script src={APP_BRIDGE_URL} />
          </>
        ) : null}
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <AppProvider i18n={en} linkComponent={PolarisLink}>
          {children}
        </AppProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Also drawn around errors, when the root's data may be missing.
  return <Document apiKey={useRouteLoaderData<typeof loader>('root')?.apiKey}>{children}</Document>
}

export default function Root() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.'
  return <p role="alert">{message}</p>
}
