// Loaders and actions receive what the Express mount passes (server/http/shopify/mount-shopify-admin.ts).
import type { ShopifyLoadContext } from '#server/shopify/admin/shopify-load-context.ts'

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopifyLoadContext {}
}

export {}
