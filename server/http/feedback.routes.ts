import { Router, type RequestHandler } from 'express'
import { CONVERSATION_MESSAGES } from '../conversations/conversations.schemas.ts'
import { requireConversation } from '../conversations/require-conversation.ts'
import type { Database } from '../db/database.ts'
import { RateAnswerSchema } from '../feedback/feedback.schemas.ts'
import { rateAnswer } from '../feedback/rate-answer.ts'
import { actorOf } from './authenticate.ts'
import { parseIdParam } from './parse-id-param.ts'

/** Answer feedback from the dashboard's chat: a signed-in user rates one of the agent's answers. */
export function feedbackRoutes({ database, signedIn }: { database: Database; signedIn: RequestHandler }): Router {
  const router = Router()
  router.post('/conversations/:agentId/:conversationId/:messageId/feedback/', signedIn, async (req, res) => {
    const actor = actorOf(res)
    const { conversation } = await requireConversation(database, {
      actor,
      agentId: parseIdParam(req.params.agentId, 'Agent not found'),
      conversationId: parseIdParam(req.params.conversationId, CONVERSATION_MESSAGES.notFound),
      need: 'chat',
    })
    const { rating, comment } = RateAnswerSchema.parse(req.body)
    const { feedback, created } = await rateAnswer(database, {
      conversation,
      messageId: parseIdParam(req.params.messageId, CONVERSATION_MESSAGES.messageNotFound),
      rater: `user:${actor.userId}`,
      raterUserId: actor.userId,
      rating,
      comment,
    })
    res.status(created ? 201 : 200).json({ message: 'Thank you for your feedback', feedback })
  })
  return router
}
