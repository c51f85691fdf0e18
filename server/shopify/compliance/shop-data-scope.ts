// Which rows are "the shop's" for the compliance webhooks. Always inside the shop's own account.
import type { Database } from '../../db/database.ts'
import type { Prisma, ShopifyShop } from '../../db/generated/prisma/client.ts'
import { storeKnowledgeAgentIds } from '../knowledge/store-knowledge-agents.ts'

/** The storefront's agent (ShopifyShop.agentId) and every agent holding the store's knowledge. */
export async function shopAgentIds(database: Database, shop: ShopifyShop): Promise<string[]> {
  const storeAgents = await storeKnowledgeAgentIds(database, shop)
  const storefrontAgent = shop.agentId
    ? await database.prisma.agent.findFirst({
        where: { id: shop.agentId, accountId: shop.accountId },
        select: { id: true },
      })
    : null
  return [...new Set([...(storefrontAgent ? [storefrontAgent.id] : []), ...storeAgents])]
}

/** Conversations with the shop's visitors: with its agents, through its widget, or from its storefront. */
export function shopConversationsWhere(shop: ShopifyShop, agentIds: string[]): Prisma.ConversationWhereInput {
  return {
    accountId: shop.accountId,
    OR: [
      { agentId: { in: agentIds } },
      ...(shop.widgetIntegrationId ? [{ widgetIntegrationId: shop.widgetIntegrationId }] : []),
      { channel: 'shopify' },
    ],
  }
}

export interface ShopCustomer {
  /** Shopify's customer id. */
  id: string
  email: string | null
}

export interface CustomerConversationsWhereOptions {
  shop: ShopifyShop
  agentIds: string[]
  customer: ShopCustomer
}

/**
 * The shop's conversations with one customer: marked with their Shopify customer id, started with
 * their e-mail, or started in a widget session the app proxy tied to their customer id.
 */
export async function customerConversationsWhere(
  database: Database,
  { shop, agentIds, customer }: CustomerConversationsWhereOptions,
): Promise<Prisma.ConversationWhereInput> {
  const sessions = await database.prisma.widgetSession.findMany({
    where: { accountId: shop.accountId, shopifyCustomerId: customer.id },
    select: { widgetIntegrationId: true, visitorId: true },
  })
  const identities: Prisma.ConversationWhereInput[] = [
    { shopifyCustomerId: customer.id },
    ...(customer.email ? [{ visitorEmail: { equals: customer.email, mode: 'insensitive' as const } }] : []),
    ...sessions.map((session) => ({ widgetIntegrationId: session.widgetIntegrationId, visitorId: session.visitorId })),
  ]
  return { AND: [shopConversationsWhere(shop, agentIds), { OR: identities }] }
}
