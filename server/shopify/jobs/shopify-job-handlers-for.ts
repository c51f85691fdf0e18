// The Shopify job kinds for a worker: with the app configured they reach each shop through its offline
// session (refreshed when it expires); without it they fail for good instead of retrying.
import type { JobHandler } from '../../jobs/job-handler.ts'
import { PermanentJobError } from '../../jobs/job-handler.ts'
import type { ShopifyAppServer } from '../app/shopify.server.ts'
import { adminClientFromLibrary } from '../admin/admin-client-from-library.ts'
import { createShopifyJobHandlers } from './create-shopify-job-handlers.ts'
import type { ShopifyJobDependencies } from './shopify-job-dependencies.ts'

export function shopifyJobHandlersFor(shopify: ShopifyAppServer | null, dependencies: Omit<ShopifyJobDependencies, 'adminClientFor'>): Record<string, JobHandler> {
  return createShopifyJobHandlers({
    ...dependencies,
    adminClientFor: async (shopDomain) => {
      if (!shopify) throw new PermanentJobError('The Shopify app is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET).')
      return adminClientFromLibrary((await shopify.unauthenticated.admin(shopDomain)).admin)
    },
  })
}
