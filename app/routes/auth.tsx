// /shopify/auth/*: the library's own pages (session-token bounce, exit-iframe), answered by authenticate.admin.
import type { HeadersFunction, LoaderFunctionArgs } from 'react-router'
import { shopifyHeaders } from '../shopify-headers.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await context.shopify.authenticate.admin(request)
  return null
}

export const headers: HeadersFunction = shopifyHeaders
