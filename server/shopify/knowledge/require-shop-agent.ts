import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'

/** An agent of the shop's own account: store knowledge never goes to another account's agent. */
export async function requireShopAgent(database: Database, shop: Pick<ShopifyShop, 'accountId'>, agentId: string) {
  const agent = await database.prisma.agent.findFirst({
    where: { id: agentId, accountId: shop.accountId },
    select: { id: true, accountId: true },
  })
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found')
  return agent
}
