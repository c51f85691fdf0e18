// The Shopify job kinds for a worker, reaching each shop through its offline session (refreshed when it
// expires). Without the app configured there are none: a worker then leaves Shopify jobs to another
// worker that has the app (tests run one beside the server's).
import type { JobHandler } from '../../jobs/job-handler.ts'
import type { ShopifyAppServer } from '../admin/shopify.server.ts'
import { adminClientFromLibrary } from '../admin-api/admin-client-from-library.ts'
import { createShopifyJobHandlers } from './create-shopify-job-handlers.ts'
import type { ShopifyJobDependencies } from './shopify-job-dependencies.ts'

export function shopifyJobHandlersFor(
  shopify: ShopifyAppServer | null,
  dependencies: Omit<ShopifyJobDependencies, 'adminClientFor'>,
): Record<string, JobHandler> {
  if (!shopify) return {}
  return createShopifyJobHandlers({
    ...dependencies,
    adminClientFor: async (shopDomain) =>
      adminClientFromLibrary((await shopify.unauthenticated.admin(shopDomain)).admin),
  })
}
