import { Router, type Request } from 'express'
import type { Database } from '../db/database.ts'
import type { ConversationSignals } from '../live/conversation-signals.ts'
import type { RateLimits } from '../rate-limits/rate-limits.ts'
import { leaveContact } from '../widgets/public/leave-contact.ts'
import { requestPerson } from '../widgets/public/request-person.ts'
import type { WidgetCaller } from '../widgets/public/require-widget-caller.ts'
import { requireVisitorConversation } from '../widgets/public/require-visitor-conversation.ts'
import { openVisitorLiveFeed } from '../widgets/public/visitor-live-feed.ts'
import { toVisitorMessage } from '../widgets/public/visitor-message-view.ts'
import { AddedToCartSchema, LeaveContactSchema, LiveFeedQuerySchema } from '../widgets/public/widget-chat.schemas.ts'
import { recordAddedToCart } from '../shopify/products/record-added-to-cart.ts'
import { liveStateOf } from '../conversations/handoff/live-state.ts'
import { RateVisitorAnswerSchema } from '../feedback/feedback.schemas.ts'
import { rateAnswer } from '../feedback/rate-answer.ts'
import { streamConversation } from './live-stream.ts'
import { parseIdParam } from './parse-id-param.ts'

export interface VisitorChatRoutesOptions {
  database: Database
  signals: ConversationSignals
  rateLimits: RateLimits
  linkBase: string
  /** The visitor behind the call (publicWidgetRoutes' checks). */
  callerOf(req: Request): Promise<WidgetCaller>
}

/**
 * What a visitor does in a chat besides writing: ask for a person, leave an e-mail when nobody could join,
 * rate an answer, and the live feed that brings the team member's words into the open widget. Mounted by
 * publicWidgetRoutes, behind its CORS and body limits.
 */
export function visitorChatRoutes({
  database,
  signals,
  rateLimits,
  linkBase,
  callerOf,
}: VisitorChatRoutesOptions): Router {
  const router = Router()
  const conversationOf = (req: Request) => parseIdParam(req.params.conversationId, 'Conversation not found')

  router.post('/conversations/api/chat/:conversationId/person/', async (req, res) => {
    const caller = await callerOf(req)
    const conversationId = conversationOf(req)
    const conversation = await requireVisitorConversation(database, caller, conversationId)
    await rateLimits.limitWidgetMessage(caller.session.id, caller.integration.id)
    if (!conversation.isActive) {
      res.json({ notice: null, state: liveStateOf(conversation, caller.integration) })
      return
    }
    const { notice, state } = await requestPerson(database, { caller, conversationId, linkBase })
    if (notice) await signals.changed(conversationId)
    res.json({ notice: notice && toVisitorMessage(notice), state })
  })
  router.post('/conversations/api/chat/:conversationId/contact/', async (req, res) => {
    const caller = await callerOf(req)
    const conversationId = conversationOf(req)
    const contact = LeaveContactSchema.parse(req.body ?? {})
    await rateLimits.limitWidgetMessage(caller.session.id, caller.integration.id)
    await leaveContact(database, { caller, conversationId, contact, linkBase })
    await signals.changed(conversationId)
    res.status(201).json({ message: 'Thank you: the team will answer by e-mail.' })
  })
  // Answer feedback from the widget: the visitor rates one of the agent's answers in their conversation.
  router.post('/conversations/api/chat/:conversationId/feedback/', async (req, res) => {
    const caller = await callerOf(req)
    const conversation = await requireVisitorConversation(database, caller, conversationOf(req))
    const { message_id, rating, comment } = RateVisitorAnswerSchema.parse(req.body ?? {})
    await rateLimits.limitWidgetMessage(caller.session.id, caller.integration.id)
    const { feedback, created } = await rateAnswer(database, {
      conversation,
      messageId: message_id,
      rater: `visitor:${caller.session.visitorId}`,
      rating,
      comment,
    })
    res.status(created ? 201 : 200).json({ message: 'Thank you for your feedback', feedback })
  })
  // A storefront shopper put a card's variant in the store's cart: counted in the shop's sales figures.
  router.post('/conversations/api/chat/:conversationId/cart/', async (req, res) => {
    const caller = await callerOf(req)
    const added = AddedToCartSchema.parse(req.body ?? {})
    await rateLimits.limitCartEvents(caller.session.id)
    await recordAddedToCart(database, { caller, conversationId: conversationOf(req), added })
    res.status(201).json({ message: 'Added to cart' })
  })
  // Server-Sent Events: `state` (where the chat stands) at once and when it changes, `message` for each
  // word of the team member and each notice of the chat after the message named by ?after=.
  router.get('/conversations/api/chat/:conversationId/live/', async (req, res) => {
    const caller = await callerOf(req)
    const conversationId = conversationOf(req)
    const { after } = LiveFeedQuerySchema.parse(req.query)
    const feed = await openVisitorLiveFeed(database, { caller, conversationId, afterMessageId: after })
    await rateLimits.limitLiveStreams(`visitor:${caller.session.id}`)
    let lastState = ''
    await streamConversation({
      req,
      res,
      signals,
      conversationId,
      onChange: async (stream) => {
        const { state, messages } = await feed.read()
        for (const message of messages) stream.send('message', message)
        const stateText = JSON.stringify({ ...state, wait_seconds_left: state.wait_seconds_left === null })
        if (stateText !== lastState) stream.send('state', state)
        lastState = stateText
      },
    })
  })
  return router
}
