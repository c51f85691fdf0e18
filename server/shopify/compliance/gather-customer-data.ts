import type { Database } from '../../db/database.ts'
import { customerConversationsWhere, shopAgentIds, type ShopCustomer } from './shop-data-scope.ts'

export interface GatherCustomerDataOptions {
  database: Database
  shopDomain: string
  customer: ShopCustomer
}

const attachmentNames = (value: unknown) =>
  Array.isArray(value)
    ? value.map((attachment: { name?: string; content_type?: string; size?: number }) => ({
        name: attachment.name ?? 'file',
        content_type: attachment.content_type ?? null,
        size: attachment.size ?? null,
      }))
    : []

/**
 * customers/data_request: everything this app holds about one of the shop's customers, their
 * conversations with every message, and the widget sessions tied to them. The webhook job keeps it as
 * its result, for the merchant to hand over; customers/redact and shop/redact delete it.
 */
export async function gatherCustomerData({ database, shopDomain, customer }: GatherCustomerDataOptions) {
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  if (!shop)
    return { shop: shopDomain, customer_id: customer.id, known_shop: false, conversations: [], widget_sessions: [] }
  const agentIds = await shopAgentIds(database, shop)
  const [conversations, sessions] = await Promise.all([
    database.prisma.conversation.findMany({
      where: await customerConversationsWhere(database, { shop, agentIds, customer }),
      include: { messages: { orderBy: { createdAt: 'asc' } } },
      orderBy: { createdAt: 'asc' },
    }),
    database.prisma.widgetSession.findMany({
      where: { accountId: shop.accountId, shopifyCustomerId: customer.id },
      orderBy: { createdAt: 'asc' },
    }),
  ])
  return {
    shop: shopDomain,
    customer_id: customer.id,
    known_shop: true,
    conversations: conversations.map((conversation) => ({
      conversation_id: conversation.id,
      channel: conversation.channel,
      visitor_email: conversation.visitorEmail,
      started_at: conversation.createdAt.toISOString(),
      last_message_at: conversation.lastMessageAt.toISOString(),
      messages: conversation.messages.map((message) => ({
        sender: message.senderType,
        text: message.text,
        sent_at: message.createdAt.toISOString(),
        attachments: attachmentNames(message.attachments),
      })),
    })),
    widget_sessions: sessions.map((session) => ({
      started_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
      origin: session.origin,
    })),
  }
}
