import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'

/**
 * The agents that hold this shop's store knowledge: those an import has written to. Webhooks keep
 * exactly these in sync; agents of other accounts never count, whatever a row says.
 */
export async function storeKnowledgeAgentIds(
  database: Database,
  shop: Pick<ShopifyShop, 'id' | 'accountId'>,
): Promise<string[]> {
  const [resources, imports] = await Promise.all([
    database.prisma.shopifyResource.findMany({
      where: { shopId: shop.id },
      select: { agentId: true },
      distinct: ['agentId'],
    }),
    database.prisma.shopifyBulkImport.findMany({
      where: { shopId: shop.id },
      select: { agentId: true },
      distinct: ['agentId'],
    }),
  ])
  const candidates = [...new Set([...resources, ...imports].map((row) => row.agentId))]
  if (candidates.length === 0) return []
  const agents = await database.prisma.agent.findMany({
    where: { id: { in: candidates }, accountId: shop.accountId },
    select: { id: true },
  })
  return agents.map((agent) => agent.id)
}
