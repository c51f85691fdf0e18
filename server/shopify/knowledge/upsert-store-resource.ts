import type { Database } from '../../db/database.ts'
import { Prisma, type ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { isBeingEmbedded, queueEmbedding } from '../../knowledge/embedding/queue-embedding.ts'
import { hashStoreResource, type StoreResource } from './store-resource.ts'

export interface UpsertStoreResourceOptions {
  database: Database
  queue: JobQueue
  shop: Pick<ShopifyShop, 'id' | 'accountId' | 'shopDomain'>
  agentId: string
  resource: StoreResource
}

/** created/updated: the text was written and queued for embedding; busy: its embed job runs now, try later. */
export type UpsertOutcome = 'created' | 'updated' | 'unchanged' | 'busy'

const textFields = (options: UpsertStoreResourceOptions) => ({
  title: options.resource.title.slice(0, 500),
  // PostgreSQL text cannot hold NUL.
  content: options.resource.content.replaceAll('\u0000', ''),
  sourceUrl: options.resource.sourceUrl,
  metaData: {
    source: 'shopify',
    shop: options.shop.shopDomain,
    kind: options.resource.kind,
    gid: options.resource.gid,
  },
})

/**
 * Writes one store object as a text of the agent, mapped by its GraphQL id. Unchanged objects (same
 * content hash, text still there) are skipped; changed ones are rewritten and embedded again.
 */
export async function upsertStoreResource(
  options: UpsertStoreResourceOptions,
): Promise<{ outcome: UpsertOutcome; textId: string | null }> {
  const { database, shop, agentId, resource } = options
  const contentHash = hashStoreResource(resource)
  const existing = await database.prisma.shopifyResource.findUnique({
    where: { agentId_resourceGid: { agentId, resourceGid: resource.gid } },
    include: { text: { select: { id: true, embedded: true, status: true } } },
  })
  const text = existing?.text
  if (existing && text && existing.contentHash === contentHash) {
    // An earlier run may have stopped between writing and queueing: an unembedded text is queued again.
    if (!text.embedded && text.status !== 'processing') await queueStoreText(options, text.id)
    return { outcome: 'unchanged', textId: text.id }
  }
  if (text && (await isBeingEmbedded(database, text.id))) return { outcome: 'busy', textId: text.id }
  const fields = textFields(options)
  let textId: string
  try {
    textId = await database.prisma.$transaction(async (transaction) => {
      const written = text
        ? await transaction.text.update({
            where: { id: text.id },
            data: { ...fields, embedded: false },
            select: { id: true },
          })
        : await transaction.text.create({
            data: { accountId: shop.accountId, agentId, ...fields },
            select: { id: true },
          })
      const mapping = {
        textId: written.id,
        kind: resource.kind,
        storefrontUrl: resource.sourceUrl,
        contentHash,
        syncedAt: new Date(),
      }
      // Created, not upserted, when new: two deliveries racing on one product make the second fail here
      // (unique agent + id) and roll back its text, instead of leaving an orphan.
      if (existing) await transaction.shopifyResource.update({ where: { id: existing.id }, data: mapping })
      else
        await transaction.shopifyResource.create({
          data: { shopId: shop.id, agentId, resourceGid: resource.gid, ...mapping },
        })
      return written.id
    })
  } catch (error) {
    if (!existing && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      return upsertStoreResource(options)
    throw error
  }
  await queueStoreText(options, textId)
  return { outcome: text ? 'updated' : 'created', textId }
}

/** Store texts are always embedded: the catalogue is the agent's knowledge, whatever its manual setting. */
async function queueStoreText({ database, queue, shop, agentId }: UpsertStoreResourceOptions, id: string) {
  await queueEmbedding(database.prisma, { type: 'text', id, agentId, accountId: shop.accountId })
  queue.wake()
}
