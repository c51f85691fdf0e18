// /shopify/app: the admin's frame around every embedded screen, with App Bridge's navigation menu, and
// what the dashboard's feature components need around them (SharedFeatures).
import { NavMenu } from '@shopify/app-bridge-react'
import { useEffect } from 'react'
import { Banner, Page } from '@shopify/polaris'
import { isRouteErrorResponse, Outlet, useNavigate, useRouteError, type HeadersFunction } from 'react-router'
import { ADMIN_SECTIONS, APP_HOME } from '../admin-sections.ts'
import { requireShopAdmin } from '../authenticate-shop.server.ts'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'
import { SharedFeatures } from '../embedded/shared-features.tsx'
import { shopifyHeaders } from '../shopify-headers.ts'

export const loader = requireShopAdmin

// The admin's menu announces a click as a shopify:navigate event on the link; the router follows it
// (the links carry the /shopify basename, which navigate() adds itself).
function useAdminNavigation() {
  const navigate = useNavigate()
  useEffect(() => {
    const follow = (event: Event) => {
      const href = (event.target as Element | null)?.getAttribute('href')
      if (href?.startsWith('/shopify/')) void navigate(href.slice('/shopify'.length))
    }
    document.addEventListener('shopify:navigate', follow)
    return () => document.removeEventListener('shopify:navigate', follow)
  }, [navigate])
}

export default function AdminFrame() {
  useAdminNavigation()
  return (
    <>
      <NavMenu>
        {/* The home link names the app's landing screen and is not listed; Agents is listed as well. */}
        <a href={APP_HOME} rel="home">
          Agents
        </a>
        <a href={`${APP_HOME}/agents`}>Agents</a>
        {ADMIN_SECTIONS.map((section) => (
          <a key={section.path} href={`${APP_HOME}/${section.path}`}>
            {section.title}
          </a>
        ))}
      </NavMenu>
      <SharedFeatures>
        <Outlet />
      </SharedFeatures>
    </>
  )
}

export const headers: HeadersFunction = shopifyHeaders
export const shouldRevalidate = revalidateOnPathChange()

export function ErrorBoundary() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.'
  return (
    <Page>
      <Banner tone="critical" title="This screen could not be loaded">
        <p>{detail} Reload the app from your Shopify admin.</p>
      </Banner>
    </Page>
  )
}
