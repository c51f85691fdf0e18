import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts'
import { handlerOf } from '../../jobs/job-kind.ts'
import { finishCatalogueImport } from '../catalogue/finish-catalogue-import.ts'
import { startCatalogueImport } from '../catalogue/start-catalogue-import.ts'
import { importStoreContent } from '../content/import-store-content.ts'
import { processShopifyWebhook } from '../webhooks/process-shopify-webhook.ts'
import { asJobError } from './permanent-shopify-failure.ts'
import { queueCatalogueFinish } from './queue-catalogue-finish.ts'
import type { ShopifyJobDependencies } from './shopify-job-dependencies.ts'
import {
  SHOPIFY_FINISH_CATALOGUE,
  SHOPIFY_IMPORT_CATALOGUE,
  SHOPIFY_IMPORT_CONTENT,
  SHOPIFY_WEBHOOK,
} from './shopify-job-kinds.ts'

const DEFAULT_FINISH_POLL_DELAY_MS = 10 * 60_000

/** Runs the work, handing the worker permanent failures as such. */
const withJobErrors =
  (handler: JobHandler): JobHandler =>
  async (context) => {
    try {
      return await handler(context)
    } catch (error) {
      throw asJobError(error)
    }
  }

/** Every kind of Shopify job and the function that does it; register them beside the knowledge jobs. */
export function createShopifyJobHandlers(dependencies: ShopifyJobDependencies): Record<string, JobHandler> {
  const { database, queue } = dependencies

  async function installedShop(shopId: string): Promise<ShopifyShop> {
    const shop = await database.prisma.shopifyShop.findUnique({ where: { id: shopId } })
    if (!shop) throw new PermanentJobError('The shop is no longer connected.')
    if (shop.uninstalledAt) throw new PermanentJobError('The app was uninstalled from this shop.')
    return shop
  }

  return {
    [SHOPIFY_WEBHOOK.kind]: withJobErrors(
      handlerOf(SHOPIFY_WEBHOOK, {
        run: async ({ job, payload }) => processShopifyWebhook(dependencies, payload, job.id),
      }),
    ),

    [SHOPIFY_IMPORT_CATALOGUE.kind]: withJobErrors(
      handlerOf(SHOPIFY_IMPORT_CATALOGUE, {
        run: async ({ payload: { shopId, agentId }, reportProgress }) => {
          const shop = await installedShop(shopId)
          await reportProgress(10, 'Asking Shopify to export the catalogue')
          const bulkImport = await startCatalogueImport({
            database,
            client: await dependencies.adminClientFor(shop.shopDomain),
            shop,
            agentId,
          })
          await queueCatalogueFinish(database, {
            queue,
            bulkImport: { ...bulkImport, shop },
            delayMs: dependencies.finishPollDelayMs ?? DEFAULT_FINISH_POLL_DELAY_MS,
          })
          return { bulkImportId: bulkImport.id, bulkOperationGid: bulkImport.bulkOperationGid }
        },
      }),
    ),

    [SHOPIFY_FINISH_CATALOGUE.kind]: withJobErrors(
      handlerOf(SHOPIFY_FINISH_CATALOGUE, {
        run: async ({ payload: { bulkImportId }, reportProgress, signal }) => {
          const bulkImport = await database.prisma.shopifyBulkImport.findUnique({ where: { id: bulkImportId } })
          if (!bulkImport) throw new PermanentJobError('The import was deleted.')
          const shop = await installedShop(bulkImport.shopId)
          const outcome = await finishCatalogueImport({
            database,
            client: await dependencies.adminClientFor(shop.shopDomain),
            queue,
            bulkOperationGid: bulkImport.bulkOperationGid,
            fetchImpl: dependencies.fetchImpl,
            signal,
            onProgress: reportProgress,
          })
          // Still running at Shopify: failing this attempt is the poll (the worker retries later and later).
          if (outcome.status === 'running')
            throw new Error('Shopify is still exporting the catalogue; checking again later.')
          if (outcome.status === 'failed') throw new PermanentJobError(outcome.error)
          return outcome
        },
      }),
    ),

    [SHOPIFY_IMPORT_CONTENT.kind]: withJobErrors(
      handlerOf(SHOPIFY_IMPORT_CONTENT, {
        run: async ({ payload: { shopId, agentId }, reportProgress, signal }) => {
          const shop = await installedShop(shopId)
          return importStoreContent({
            database,
            client: await dependencies.adminClientFor(shop.shopDomain),
            queue,
            shop,
            agentId,
            signal,
            onProgress: reportProgress,
          })
        },
      }),
    ),
  }
}
