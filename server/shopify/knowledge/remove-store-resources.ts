import type { Database } from '../../db/database.ts'
import type { StoreResourceKind } from './store-resource.ts'

/** Deletes mapped store objects with their texts (sections, chunks and vectors go with the texts). */
async function removeMatching(
  database: Database,
  where: {
    shopId: string
    agentId?: string
    kind?: { in: StoreResourceKind[] }
    resourceGid?: string | { notIn: string[] }
  },
) {
  const resources = await database.prisma.shopifyResource.findMany({ where, select: { id: true, textId: true } })
  if (resources.length === 0) return 0
  const textIds = resources.flatMap((resource) => (resource.textId ? [resource.textId] : []))
  await database.prisma.$transaction([
    database.prisma.shopifyResource.deleteMany({ where: { id: { in: resources.map((resource) => resource.id) } } }),
    database.prisma.text.deleteMany({ where: { id: { in: textIds } } }),
  ])
  return resources.length
}

/** A store object deleted (or unpublished) in the shop leaves every agent that held it; a product's card goes too. */
export async function removeStoreResource(database: Database, shopId: string, resourceGid: string) {
  await database.prisma.storeProduct.deleteMany({ where: { shopId, productGid: resourceGid } })
  return removeMatching(database, { shopId, resourceGid })
}

/** After a full import: objects of these kinds the store no longer has leave the agent. */
export function pruneStoreResources(
  database: Database,
  options: { shopId: string; agentId: string; kinds: StoreResourceKind[]; keptGids: Iterable<string> },
) {
  return removeMatching(database, {
    shopId: options.shopId,
    agentId: options.agentId,
    kind: { in: options.kinds },
    resourceGid: { notIn: [...options.keptGids] },
  })
}
