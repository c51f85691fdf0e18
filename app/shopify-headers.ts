// A route's headers: those of a thrown response (Shopify's bounce and redirect answers carry App Bridge
// headers) win; otherwise the parent's, the loader's and the action's together. The same rule as the
// library's boundary.headers, kept here so client bundles never import the library's server entry.
import type { HeadersArgs } from 'react-router'

export function shopifyHeaders({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }: HeadersArgs): Headers {
  if (errorHeaders && [...errorHeaders.keys()].length > 0) return errorHeaders
  return new Headers([
    ...(parentHeaders?.entries() ?? []),
    ...(loaderHeaders?.entries() ?? []),
    ...(actionHeaders?.entries() ?? []),
  ])
}
