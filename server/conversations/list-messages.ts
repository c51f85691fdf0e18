import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { Conversation } from '../db/generated/prisma/client.ts'
import { answerFeedbackOf } from '../feedback/answer-feedback-of.ts'
import { toMessageView } from './message-view.ts'
import { messageVersionsOf } from './message-versions.ts'
import { requireConversation } from './require-conversation.ts'
import type { ProductShownView } from './conversations.schemas.ts'

/**
 * The cards of the products a channel's answers showed, by product id (the storefront's
 * productsShownIn): passed in by the door, so this folder knows no channel.
 */
type ProductsShownLookup = (
  database: Database,
  options: { conversation: Conversation; messages: { product_ids: string[] }[] },
) => Promise<Map<string, ProductShownView>>

export interface ListMessagesOptions {
  actor: Actor
  agentId: string
  conversationId: string
  query: { page: number; limit: number }
  /** Where an answer's product cards come from; none without it. */
  productsShown?: ProductsShownLookup
}

/**
 * A page of the conversation's messages: page 1 is the latest `limit`, page 2 the ones before, and
 * each page reads oldest first, as a chat shows them. Deleted messages are left out, and so are those
 * of an edited question's versions not shown (each edited question says which version it shows). A
 * storefront answer carries the cards of the products it showed (`productsShown`).
 */
export async function listMessages(
  database: Database,
  { actor, agentId, conversationId, query, productsShown }: ListMessagesOptions,
) {
  const { conversation } = await requireConversation(database, { actor, agentId, conversationId, need: 'read' })
  const where = { conversationId, isDeleted: false }
  const [total, messages] = await Promise.all([
    database.prisma.message.count({ where }),
    database.prisma.message.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
  ])
  const [feedback, versions] = await Promise.all([
    answerFeedbackOf(database, {
      messageIds: messages.filter((message) => message.senderType === 'ai').map((message) => message.id),
      userId: actor.userId,
    }),
    messageVersionsOf(
      database,
      messages.filter((message) => message.senderType === 'user'),
    ),
  ])
  const views = messages
    .reverse()
    .map((message) => toMessageView(message, feedback.get(message.id), versions.get(message.id)))
  const products = productsShown
    ? await productsShown(database, { conversation, messages: views })
    : new Map<string, ProductShownView>()
  return {
    data: views.map((view) => ({
      ...view,
      products: view.product_ids.flatMap((id) => products.get(id) ?? []),
    })),
    total,
    page: query.page,
    limit: query.limit,
    total_pages: Math.ceil(total / query.limit),
  }
}
