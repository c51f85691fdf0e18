import type { Database } from '../../db/database.ts'
import { liveStateOf } from '../../conversations/handoff/live-state.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { requireVisitorConversation } from './require-visitor-conversation.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { readProductCards } from '../../shopify/products/read-product-cards.ts'
import { toVisitorMessage } from './visitor-message-view.ts'

// A reloaded page shows this much of the conversation.
const VISIBLE_MESSAGES = 100

/** The visitor's conversation as the widget redraws it after a page load, oldest first, and where it stands. */
export async function listVisitorMessages(database: Database, caller: WidgetCaller, conversationId: string) {
  const conversation = await requireVisitorConversation(database, caller, conversationId)
  const messages = await database.prisma.message.findMany({
    where: { conversationId, isDeleted: false },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: VISIBLE_MESSAGES,
  })
  const ratings = await database.prisma.answerFeedback.findMany({
    where: { conversationId, rater: `visitor:${caller.session.visitorId}` },
    select: { messageId: true, rating: true, comment: true },
  })
  const ratingOf = new Map(ratings.map((rating) => [rating.messageId, rating]))
  const visitorRating = (id: string) => {
    const rating = ratingOf.get(id)
    return rating ? { yours: null, visitor: { rating: rating.rating, comment: rating.comment } } : undefined
  }
  const views = messages.reverse().map((message) => toMessageView(message, visitorRating(message.id)))
  const cards = await readProductCards(database, { shopId: caller.session.shopId, messages: views })
  return {
    conversation_id: conversationId,
    data: views.map((view) => toVisitorMessage(view, cards)),
    // Whether a team member is in the chat or was asked for: the widget carries on where it was.
    state: liveStateOf(conversation, caller.integration),
  }
}
